// `npm start`: the app for production, on PORT (default 3000). The Dockerfile runs this file.
import { listen } from './listen.js';
import { createServer } from './server.js';

const authToken = process.env.USSD_APP_TOKEN;
if (authToken === undefined || authToken === '') {
  // Without a token anyone could drive sessions: refuse to start rather than serve openly.
  console.error('Set USSD_APP_TOKEN to the token the USSD gateway sends for this app.');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';

const listening = await listen(createServer({ authToken }), port, host);
console.log(`USSD app listening on http://${host}:${listening.port}/ussd`);

// On SIGTERM (docker stop, a deploy), take no new connection and let events in flight finish.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void listening.close().then(() => process.exit(0)));
}
