import type { AcquireOperation } from '../acquire/AcquireOperation';
import type { MerchantPaymentRecord } from '../merchant/createMerchantPayments';
import { retainedQueue } from '../retainedQueue';

/** History entries kept by default, the latest. */
export const DEFAULT_HISTORY_ENTRIES = 100_000;
/** Seconds of service time an entry is kept by default (7 days). */
export const DEFAULT_HISTORY_SECONDS = 7 * 24 * 60 * 60;

/**
 * How much operation history is kept: at most `entries` entries (the latest), each for at most
 * `seconds` of service time after it was made (its `at`).
 *
 * @example
 * ```ts
 * const retention: HistoryRetention = { entries: 100_000, seconds: 604_800 };
 * ```
 */
export interface HistoryRetention {
  readonly entries: number;
  readonly seconds: number;
}

/** A push, as the history records it (times in seconds since the epoch). */
export interface PushRecord {
  readonly type: 'push';
  readonly clientId: string;
  readonly appId: string;
  readonly msisdn: string;
  readonly sessionId: string;
  readonly recoveryShortcode?: string;
  readonly at: number;
}

/**
 * A billed USSD session, as the history records it (times in seconds since the epoch):
 * `clientId` is the charged developer, the caller of a redirect.
 */
export interface SessionRecord {
  readonly type: 'session';
  readonly clientId: string;
  readonly appId: string;
  readonly msisdn: string;
  readonly sessionId: string;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly seconds: number;
  readonly ticks: number;
  readonly fee: number;
  readonly sessionTag?: string;
  /** When the entry was made: the session's end. */
  readonly at: number;
}

/** An acquire, recorded when it arrived; read in its current state. */
export interface AcquireRecord {
  readonly type: 'acquire';
  readonly clientId: string;
  readonly at: number;
  readonly operation: AcquireOperation;
}

/** A merchant payment, recorded when it arrived; read in its current state. */
export interface MerchantPaymentHistoryRecord {
  readonly type: 'merchantPayment';
  readonly clientId: string;
  readonly at: number;
  readonly payment: MerchantPaymentRecord;
}

/**
 * One entry of the operation history, as stored. `at` is in seconds since the epoch.
 *
 * @example
 * ```ts
 * const entry: HistoryRecord = { type: 'push', clientId, appId, msisdn, sessionId, at: now / 1000 };
 * ```
 */
export type HistoryRecord =
  | AcquireRecord
  | MerchantPaymentHistoryRecord
  | PushRecord
  | SessionRecord;

/**
 * The operation history, bounded by a {@link HistoryRetention}.
 *
 * @example
 * ```ts
 * history.add({ type: 'push', clientId, appId, msisdn, sessionId, at: clock.now() / 1000 }, clock.now());
 * ```
 */
export interface HistoryLog<T extends { readonly at: number } = HistoryRecord> {
  /** Records an entry and drops what the retention no longer keeps, as of `now` (ms). */
  add(record: T, now: number): void;
  /** The entries kept as of `now` (ms), oldest first by `at`. */
  list(now: number): T[];
  /** Entries held (for tests and diagnostics). */
  readonly size: number;
}

/**
 * A history in memory, oldest first: each add drops the oldest entries past
 * `retention.entries`, and each add and list drops the entries made more than
 * `retention.seconds` ago. `onDrop` hears each dropped entry (the sandbox then forgets the
 * acquire or payment behind it).
 *
 * @example
 * ```ts
 * const history = createHistoryLog({ entries: 1000, seconds: 3600 }, (dropped) => {});
 * ```
 */
export function createHistoryLog<T extends { readonly at: number } = HistoryRecord>(
  retention: HistoryRetention,
  onDrop: (record: T) => void = () => {},
): HistoryLog<T> {
  const queue = retainedQueue<T>(retention.entries, onDrop);
  const expire = (now: number): void => {
    const cutoff = now / 1000 - retention.seconds;
    queue.dropWhile((oldest) => oldest.at <= cutoff);
  };

  return {
    add(record, now) {
      queue.push(record);
      expire(now);
    },
    list(now) {
      expire(now);
      return queue.items().sort((a, b) => a.at - b.at);
    },
    get size() {
      return queue.size;
    },
  };
}
