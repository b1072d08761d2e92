/**
 * A second app process for the two-process Redis test: runs `redisFlowApp` on `REDIS_TARGET` (a
 * single Redis or a cluster, as JSON) and `KEY_PREFIX`, reads one JSON request per stdin line
 * and writes `{id, answer}` per stdout line.
 */
import { createInterface } from 'node:readline';
import type { RedisTarget } from './redisBackends';
import { redisFlowApp } from './redisFlow';

const target = JSON.parse(process.env.REDIS_TARGET ?? 'null') as RedisTarget;
const { app, client } = redisFlowApp(target, process.env.KEY_PREFIX ?? '');
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const { id, request } = JSON.parse(line) as {
    id: number;
    request: Parameters<typeof app.handle>[0];
  };
  void app.handle(request).then(
    (answer) => process.stdout.write(`${JSON.stringify({ id, answer })}\n`),
    (error: unknown) => process.stdout.write(`${JSON.stringify({ id, error: String(error) })}\n`),
  );
});
lines.on('close', () => client.disconnect());
process.stdout.write('ready\n');
