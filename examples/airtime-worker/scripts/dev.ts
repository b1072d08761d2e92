// `pnpm dev`: the Worker on workerd (Miniflare) at http://127.0.0.1:8787, sessions kept in
// .wrangler/state across restarts. Point a sandbox app at it (see the README) and dial.
import { join } from 'node:path';
import { serveWorker } from './serveWorker';

const worker = await serveWorker({
  port: Number(process.env.PORT ?? 8787),
  authToken: process.env.USSD_APP_TOKEN ?? 'airtime-worker-token',
  persistTo: join(import.meta.dirname, '..', '.wrangler', 'state', 'do'),
});
console.log(`Airtime Worker on workerd: USSD app at ${worker.url}/ussd`);
const stop = () => void worker.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
