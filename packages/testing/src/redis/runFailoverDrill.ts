import type { RedisClient } from '@ussdkit/router/redis';
import { startDrillInstance } from './internal/drillApp';
import { type DrillExchange, type DrillWalk, driveCustomers } from './internal/drillCustomers';
import { type FailoverFigures, failoverFigures } from './internal/drillFigures';

export type { DrillExchange, DrillWalk } from './internal/drillCustomers';
export type { FailoverFigures } from './internal/drillFigures';

/**
 * Options of {@link runFailoverDrill}.
 *
 * @example
 * ```ts
 * await runFailoverDrill({ connect, failover, instances: 2, customers: 20, afterMs: 2000 });
 * ```
 */
export interface FailoverDrillOptions {
  /**
   * Makes one ioredis client of the Redis under test, as your app makes it (`new Cluster(...)`,
   * `new Redis({ sentinels, name })`); called once per app instance. The drill closes them.
   */
  readonly connect: () => RedisClient;
  /**
   * Brings the failover about (kills a primary, or asks for one: `CLUSTER FAILOVER TAKEOVER` on a
   * replica, `SENTINEL FAILOVER <name>`) and resolves with the time (`Date.now()`) at which the
   * topology serves again. The drill takes the time it calls this as the time of the kill.
   */
  readonly failover: () => Promise<number>;
  /**
   * App instances sharing the Redis; each event goes to the next one in turn.
   * @defaultValue `2`
   */
  readonly instances?: number;
  /**
   * Customers walking the flow (dial, three names, the last screen) in a loop.
   * @defaultValue `20`
   */
  readonly customers?: number;
  /**
   * How long the customers walk before `failover` is called.
   * @defaultValue `1000`
   */
  readonly warmUpMs?: number;
  /**
   * How long they go on after the topology serves again; then they finish their walks.
   * @defaultValue `2000`
   */
  readonly afterMs?: number;
  /**
   * A customer's pause between a screen and the answer.
   * @defaultValue `50`
   */
  readonly thinkMs?: number;
  /**
   * Prefix of the drill's keys in Redis.
   * @defaultValue `'ussdkit-drill:'`
   */
  readonly keyPrefix?: string;
}

/**
 * What a drill measured: its figures, and every request and walk behind them.
 *
 * @example
 * ```ts
 * expect(report.lostOutsideKill).toEqual([]);
 * expect(report.longestAnswerMs).toBeLessThan(5_000);
 * ```
 */
export interface FailoverDrillReport extends FailoverFigures {
  readonly exchanges: readonly DrillExchange[];
  readonly walks: readonly DrillWalk[];
  /** Every error the app instances reported through `onError` (as `name: message`). */
  readonly errors: readonly string[];
}

const DEADLINE_MS = 3_500;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once the client is connected; fails after 10 s, rather than waiting for ever. */
async function ready(client: RedisClient): Promise<void> {
  if (client.status === 'ready') return;
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      client.once('ready', resolve);
      timer = setTimeout(
        () => reject(new Error('runFailoverDrill: a client of connect() was not ready in 10 s')),
        10_000,
      );
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A failover under load, measured from the customers' side: starts app instances on your Redis
 * (a names flow on `redisStore`, each behind a real HTTP server on loopback), lets customers walk
 * it, calls `failover` mid-traffic, and reports from each answer's timestamps: the longest
 * answer, the last `busy` or `unavailable` answer after the topology served again, the dials
 * refused though the failover ended within their deadline, and the sessions lost (a wrong
 * screen, `unavailable` or `expired` during a session) apart from those in flight at the kill.
 *
 * @example
 * ```ts
 * import { runFailoverDrill, startTestRedisCluster } from '@ussdkit/testing/redis';
 * import { Cluster } from 'ioredis';
 *
 * const cluster = await startTestRedisCluster();
 * const report = await runFailoverDrill({
 *   connect: () => new Cluster([...cluster.nodes], { enableOfflineQueue: false }),
 *   failover: async () => {
 *     await cluster.kill(await cluster.primaryOf('any-key'));
 *     return cluster.serving();
 *   },
 * });
 * console.log(report.longestAnswerMs, report.lostOutsideKill);
 * await cluster.stop();
 * ```
 */
export async function runFailoverDrill(
  options: FailoverDrillOptions,
): Promise<FailoverDrillReport> {
  const keyPrefix = options.keyPrefix ?? 'ussdkit-drill:';
  const clients = Array.from({ length: options.instances ?? 2 }, () => options.connect());
  const instances = await Promise.all(
    clients.map(async (client) => {
      // Errors surface through the store; an unhandled 'error' event would crash the process.
      client.on('error', () => {});
      await ready(client);
      return startDrillInstance(client, keyPrefix);
    }),
  );
  let running = true;
  try {
    const traffic = driveCustomers({
      urls: instances.map((instance) => instance.url),
      customers: options.customers ?? 20,
      running: () => running,
      thinkMs: options.thinkMs ?? 50,
    });
    const measured = (async () => {
      try {
        await sleep(options.warmUpMs ?? 1_000);
        const killedAt = Date.now();
        const servingAt = await options.failover();
        await sleep(options.afterMs ?? 2_000);
        return { killedAt, servingAt };
      } finally {
        running = false;
      }
    })();
    // The customers finish their walks even when the failover failed, before it is reported.
    const [walked, timed] = await Promise.allSettled([traffic, measured]);
    if (timed.status === 'rejected') throw timed.reason;
    if (walked.status === 'rejected') throw walked.reason;
    const { exchanges, walks } = walked.value;
    const times = timed.value;
    return {
      ...failoverFigures({ exchanges, walks }, times.killedAt, times.servingAt, DEADLINE_MS),
      exchanges,
      walks,
      errors: instances.flatMap((instance) =>
        instance.errors.map((error) =>
          error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        ),
      ),
    };
  } finally {
    await Promise.all(instances.map((instance) => instance.close()));
    for (const client of clients) client.disconnect();
  }
}
