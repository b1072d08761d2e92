/** A push, as the operation history lists it. */
export interface PushEntry {
  readonly type: 'push';
  readonly clientId: string;
  readonly appId: string;
  readonly msisdn: string;
  readonly sessionId: string;
  readonly recoveryShortcode?: string;
  /** Seconds since the epoch, sandbox time. */
  readonly at: number;
}

/** A billed USSD session, as the operation history lists it. */
export interface SessionEntry {
  readonly type: 'session';
  readonly clientId: string;
  readonly appId: string;
  readonly msisdn: string;
  readonly sessionId: string;
  /** Seconds since the epoch, sandbox time. */
  readonly startedAt: number;
  readonly endedAt: number;
  readonly seconds: number;
  readonly ticks: number;
  readonly fee: number;
  readonly sessionTag?: string;
  /** When the entry was made: the session's end. */
  readonly at: number;
}

/** What the history stores itself; acquires are read from the operations. */
export type StoredHistoryEntry = PushEntry | SessionEntry;

/** Where pushes and billed sessions are recorded. */
export interface HistoryRepository {
  add(entry: StoredHistoryEntry): void;
  list(): StoredHistoryEntry[];
}

/**
 * History entries in an array, oldest first.
 *
 * @example
 * ```ts
 * const history = memoryHistoryRepository();
 * history.add({ type: 'push', clientId, appId, msisdn, sessionId, at: clock.now() / 1000 });
 * ```
 */
export function memoryHistoryRepository(): HistoryRepository {
  const entries: StoredHistoryEntry[] = [];
  return {
    add: (entry) => {
      entries.push(entry);
    },
    list: () => [...entries],
  };
}
