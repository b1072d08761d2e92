/**
 * Child process of `gateway.ts` (run with `--expose-gc`): an in-process sandbox whose app is the
 * fast app at `APP_URL`; opens sessions up to each count in argv and prints, per count, the heap
 * and RSS growth after a full gc against the gc'd baseline. First line `{ready: true}`.
 */
import { createSandbox } from '@ussdkit/reference-server';
import { benchConfig, dial, msisdnOf } from './sandboxConfig';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');
const collect = gc;
const counts = process.argv.slice(2).map(Number);
const sandbox = createSandbox({ config: benchConfig(process.env.APP_URL ?? ''), webPhone: false });

async function open(i: number): Promise<void> {
  const response = await sandbox.fetch(
    new Request('http://sandbox/sandbox/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ msisdn: msisdnOf(i), dial }),
    }),
  );
  const body = (await response.json()) as { open?: boolean };
  if (response.status !== 200 || body.open !== true) {
    throw new Error(`dial ${i} answered ${response.status} ${JSON.stringify(body)}`);
  }
}

async function openRange(from: number, to: number): Promise<void> {
  let next = from;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < to) await open(next++);
    }),
  );
}

/**
 * Full gcs with a turn of the event loop after each: FinalizationRegistry cleanups only run as
 * tasks, and until they run the objects they hold stay on the heap (the `Request`s built here to
 * drive the sandbox register their signals with one, about 1.7 KiB per dial), which back-to-back
 * gc() calls counted as the gateway's memory.
 */
async function settle(): Promise<NodeJS.MemoryUsage> {
  for (let i = 0; i < 4; i++) {
    collect();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage();
}

process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
// Warm-up on other msisdns (these sessions stay open and are part of the baseline).
const warm = 200;
await openRange(1_000_000, 1_000_000 + warm);
const base = await settle();
let opened = 0;
for (const count of counts) {
  await openRange(opened, count);
  opened = count;
  const now = await settle();
  process.stdout.write(
    `${JSON.stringify({
      sessions: count,
      heapBytes: now.heapUsed - base.heapUsed,
      rssBytes: now.rss - base.rss,
      externalBytes: now.external - base.external,
    })}\n`,
  );
}
await sandbox.close();
process.exit(0);
