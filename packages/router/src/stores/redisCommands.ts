import type { RedisClient } from './redisScripts';
import { StoreUnavailableError } from './redisStoreErrors';

/**
 * Redis's answers that mean "not now, the topology is changing": a cluster without a master for
 * some slot (`CLUSTERDOWN`), a slot moving (`MOVED`, `ASK`, `TRYAGAIN`), a primary demoted to a
 * replica under a client that has not noticed yet (`READONLY`), a replica without its primary
 * (`MASTERDOWN`), a server still loading its data (`LOADING`).
 */
const TOPOLOGY_REPLIES = /^(CLUSTERDOWN|MOVED|ASK|TRYAGAIN|READONLY|MASTERDOWN|LOADING)\b/;

/** Errors of the code itself, which no wait would change. */
const BUGS = [TypeError, RangeError, ReferenceError, SyntaxError];

/**
 * Whether a command that failed so may pass if sent again once the topology settles: no answer
 * in time, no connection (refused, reset, closed, ioredis's own redirections exhausted), or one
 * of the replies above. Any other reply of Redis's (a script error, a wrong type) would fail
 * again, as would a bug: retrying them would only make the customer wait.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error) || BUGS.some((bug) => error instanceof bug)) return false;
  return error.name !== 'ReplyError' || TOPOLOGY_REPLIES.test(error.message);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest pause between two tries: how late, at most, a store sees the topology back. */
const MAX_PAUSE_MS = 100;

/** How the store sends its commands. */
export interface RedisCommands {
  /**
   * Sends a command, again while it fails transiently, until `until` (a `Date.now()` time); each
   * try waits at most `commandTimeoutMs`. `sent` hears of each try's own reply, which ioredis
   * may still deliver after the store stopped waiting for it. Fails with
   * {@link StoreUnavailableError} once the time is up, or at once on a lasting failure.
   */
  retried<T>(
    what: string,
    run: () => Promise<T>,
    until: number,
    sent?: (reply: Promise<T>) => void,
  ): Promise<T>;
}

/** The store's commands on `client`: each try bounded in time, the tries bounded by a deadline. */
export function redisCommands(client: RedisClient, commandTimeoutMs: number): RedisCommands {
  function unavailable(what: string, error: unknown): StoreUnavailableError {
    if (error instanceof StoreUnavailableError) return error;
    const reason = error instanceof Error ? error.message : String(error);
    return new StoreUnavailableError(`Redis store unavailable (${what}): ${reason}`, {
      cause: error,
    });
  }

  async function once<T>(
    what: string,
    run: () => Promise<T>,
    timeoutMs: number,
    sent: ((reply: Promise<T>) => void) | undefined,
  ): Promise<T> {
    // Not queued while the client reconnects: ioredis would send it whenever it is back.
    if (client.status === 'end' || client.status === 'close' || client.status === 'reconnecting') {
      throw new StoreUnavailableError(
        `Redis store unavailable (${what}): connection ${client.status}`,
      );
    }
    const reply = run();
    sent?.(reply);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new StoreUnavailableError(
              `Redis store unavailable (${what}): no answer within ${timeoutMs} ms`,
            ),
          ),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([reply, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async retried(what, run, until, sent) {
      let pause = 10;
      for (;;) {
        const left = until - Date.now();
        try {
          return await once(what, run, Math.max(1, Math.min(commandTimeoutMs, left)), sent);
        } catch (error) {
          // A client closed for good (`quit`, `disconnect`) will not come back.
          const lasting = !isTransient(error) || client.status === 'end';
          if (lasting || until - Date.now() <= pause) throw unavailable(what, error);
          await sleep(pause);
          pause = Math.min(pause * 2, MAX_PAUSE_MS);
        }
      }
    },
  };
}
