// Issue 25 on a Sentinel-managed primary: a primary, a replica and three sentinels
// (redis-server --sentinel, down-after-milliseconds 1000), all real processes; two app instances
// share it through redisStore, customers walk a flow in a loop, and the primary is killed with
// SIGKILL mid-traffic (decision 0037).
import { Redis } from 'ioredis';
import { afterAll, beforeAll, it } from 'vitest';
import { runFailoverDrill } from '../../src/redis/runFailoverDrill';
import {
  startTestRedisSentinel,
  type TestRedisSentinel,
} from '../../src/redis/startTestRedisSentinel';
import { expectUnnoticed } from './expectUnnoticed';

let sentinel: TestRedisSentinel;
beforeAll(async () => {
  sentinel = await startTestRedisSentinel({ replicas: 1, sentinels: 3, downAfterMs: 1_000 });
}, 60_000);
afterAll(async () => {
  await sentinel?.stop();
});

it('goes unnoticed when the primary is killed: no session lost, answers within 5 s, busy no more', async () => {
  const report = await runFailoverDrill({
    // As docs/scaling.md recommends.
    connect: () =>
      new Redis({
        sentinels: [...sentinel.sentinels],
        name: sentinel.name,
        enableOfflineQueue: false,
      }),
    failover: async () => {
      await sentinel.kill(await sentinel.primary());
      return sentinel.serving();
    },
  });
  expectUnnoticed(report);
}, 60_000);
