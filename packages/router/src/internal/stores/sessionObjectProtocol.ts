import type { SessionRecord } from '../../SessionStore';

/**
 * What `durableObjectStore` (in the Worker) and `UssdSessionObject` (the session's Durable
 * Object) say to each other: one `POST https://session.ussdkit/<op>` with a JSON body per call,
 * through the stub's `fetch`, which every compatibility date has (JS RPC needs 2024-04-03+).
 * The Worker side and the object may be deployed at different times, so a field added later
 * must be optional on both sides.
 */
export type SessionObjectOp = 'lock' | 'renew' | 'commit' | 'load' | 'save' | 'delete';

/** The URL of an operation; the host is never resolved (a stub's fetch goes to the object). */
export const opUrl = (op: SessionObjectOp): string => `https://session.ussdkit/${op}`;

/** `lock`: take the session's lock, waiting up to `waitMs`, and load the record in one call. */
export interface LockRequest {
  readonly token: string;
  readonly leaseMs: number;
  readonly waitMs: number;
}

/** `lock`'s 200 answer: the record (null when none or expired) and its version. */
export interface LockGranted {
  readonly record: SessionRecord | null;
  readonly version: number;
}

/** `lock`'s 409 answer: another holder kept the lock for the whole wait. */
export interface LockRefused {
  readonly waitedMs: number;
}

/** `renew`: extend a held lease (sent while a slow event still runs). */
export interface RenewRequest {
  readonly token: string;
  readonly leaseMs: number;
}

/**
 * `commit`: the writes made under the lock, then the lock released, in one call. `version` is
 * the record's version when the lock was taken: a write is refused (409) when another holder
 * took the lock over or the record changed since, so an event that outlived its lease never
 * overwrites the event that took over.
 */
export interface CommitRequest {
  readonly token: string;
  readonly version: number;
  readonly save?: SaveRequest | undefined;
  readonly delete?: true | undefined;
}

/** `save` (and a commit's write): the record and how long it lives. */
export interface SaveRequest {
  readonly record: SessionRecord;
  readonly ttlMs: number;
}

/** `load`'s answer. */
export interface Loaded {
  readonly record: SessionRecord | null;
}
