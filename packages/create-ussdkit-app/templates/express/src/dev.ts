// `npm run dev`: the app on :3000 (APP_PORT) and the sandbox on :4000 (SANDBOX_PORT) with the
// app as its demo app, then the web phone opens in your browser (BROWSER=none to keep it closed).
import { spawn } from 'node:child_process';
import { startDev } from './startDev.js';

const dev = await startDev({
  appPort: Number(process.env.APP_PORT ?? 3000),
  sandboxPort: Number(process.env.SANDBOX_PORT ?? 4000),
});
const url = dev.sandbox.port === 4000 ? '' : ` --url ${dev.sandbox.url}`;
console.log(`
  Web phone        ${dev.webPhoneUrl}   (dial *384*1#)
  Terminal phone   npx ussdkit-sandbox dial '*384*1#'${url}
  Your app         ${dev.appUrl}/ussd (token demo-token)

Edit src/app.ts and restart to see your changes. Ctrl-C stops both.`);
openInBrowser(dev.webPhoneUrl);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void dev.close().then(() => process.exit(0)));
}

/** Opens `url` with the system's opener; failing to (no desktop) is fine: the URL is printed. */
function openInBrowser(url: string): void {
  if (process.env.BROWSER === 'none' || process.env.CI) return;
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  spawn(command, args, { stdio: 'ignore', detached: true })
    .on('error', () => {})
    .unref();
}
