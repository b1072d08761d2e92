/** Child process of `gateway.ts`: the sandbox on a free port, its app the fast app at APP_URL. */
import { startSandbox } from '@ussdkit/reference-server';
import { benchConfig } from './sandboxConfig';

const sandbox = await startSandbox({
  port: 0,
  quiet: true,
  config: benchConfig(process.env.APP_URL ?? ''),
});
process.stdout.write(`${JSON.stringify({ url: sandbox.url })}\n`);
process.on('SIGTERM', () => {
  void sandbox.close().then(() => process.exit(0));
});
