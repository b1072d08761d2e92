// Issue 25 on a Redis Cluster: 3 masters, 3 replicas, cluster-node-timeout 1000 ms, all real
// redis-server processes; two app instances share it through redisStore, customers walk a flow
// in a loop, and a master is killed with SIGKILL mid-traffic (decision 0037).
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, it } from 'vitest';
import { runFailoverDrill } from '../../src/redis/runFailoverDrill';
import {
  startTestRedisCluster,
  type TestRedisCluster,
} from '../../src/redis/startTestRedisCluster';
import { expectUnnoticed } from './expectUnnoticed';

let cluster: TestRedisCluster;
beforeAll(async () => {
  cluster = await startTestRedisCluster({ masters: 3, replicasPerMaster: 1, nodeTimeoutMs: 1_000 });
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

it('goes unnoticed when a master is killed: no session lost, answers within 5 s, busy no more', async () => {
  const report = await runFailoverDrill({
    // As docs/scaling.md recommends.
    connect: () => new Cluster([...cluster.nodes], { enableOfflineQueue: false }),
    failover: async () => {
      await cluster.kill(await cluster.primaryOf('failover'));
      return cluster.serving();
    },
  });
  expectUnnoticed(report);
}, 60_000);
