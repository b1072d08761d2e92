/** Whether a reply of the lock script says the lock was taken (`{1, record}`). */
export function lockTaken(reply: unknown): boolean {
  return Array.isArray(reply) && reply[0] === 1;
}

/** The lock requests of one event, from {@link redisLockRequests}. */
export interface RedisLockRequests {
  /** Watches one request's reply. */
  watch(reply: Promise<unknown>): void;
  /** The last request watched took the lock: the event holds it through that one. */
  won(): void;
  /**
   * The event is over: `released` when its commit released the lock; otherwise (it never got
   * the lock, or its commit failed) the lock is released now, should any request have taken it.
   */
  end(released: boolean): void;
}

/** A request: `mayHold` once it took the lock, or failed after it may have run. */
interface Request {
  mayHold: boolean;
}

/**
 * Watches the lock requests one event sent, all with the event's token, until each has its
 * reply. ioredis may send a request the store stopped waiting for long after (a Cluster client
 * retries through a failover, a single client resends what was in flight when it reconnects),
 * and such a request would take the lock for a whole lease with nobody to release it: even
 * after the event's own release, since the token is the same. So once the event is over, any
 * request that took the lock other than the one the event held it through, or whose fate is
 * unknown (it failed after it may have run), is followed by `release` (a compare-and-delete of
 * the token, in the background): such a lock lasts no longer than its request's reply takes to
 * come back. Without a failover, an event sends one request, and `release` never runs.
 */
export function redisLockRequests(release: () => void): RedisLockRequests {
  const requests: Request[] = [];
  let winner: Request | undefined;
  let over = false;
  const stray = (request: Request): boolean => request.mayHold && request !== winner;
  return {
    watch(reply) {
      const request: Request = { mayHold: false };
      requests.push(request);
      const settled = (mayHold: boolean): void => {
        request.mayHold = mayHold;
        if (over && stray(request)) release();
      };
      reply.then(
        (value) => settled(lockTaken(value)),
        () => settled(true),
      );
    },
    won() {
      winner = requests.at(-1);
    },
    end(released) {
      over = true;
      if (!released || requests.some(stray)) release();
    },
  };
}
