import type { SessionRecord } from '../../SessionStore';
import { stableHash } from '../compile/stableHash';

/**
 * What a text gateway's session keeps beside the router's state (`SessionRecord.gateway`): what
 * identifies the path read so far (its length and a hash, never the path itself, which holds
 * every PIN typed), the app the session belongs to, and whether it ended (kept, so that a
 * repeated request gets the final screen again instead of starting a session).
 */
export interface TextMemo {
  readonly appId: string;
  readonly length: number;
  readonly hash: string;
  readonly ended: boolean;
  /** The provider's step of the last request served, when it numbers them. */
  readonly step?: number | undefined;
}

/** The memo of a stored record, or `undefined` when it has none (a native session). */
export function memoOf(record: SessionRecord | undefined): TextMemo | undefined {
  const memo = record?.gateway as Partial<TextMemo> | undefined;
  if (typeof memo !== 'object' || memo === null) return undefined;
  if (typeof memo.length !== 'number' || typeof memo.hash !== 'string') return undefined;
  return {
    appId: String(memo.appId ?? ''),
    length: memo.length,
    hash: memo.hash,
    ended: memo.ended === true,
    step: typeof memo.step === 'number' ? memo.step : undefined,
  };
}

/** The memo of a path read whole (and of the provider's step of the request, if numbered). */
export function memoFor(appId: string, path: string, ended = false, step?: number): TextMemo {
  return { appId, length: path.length, hash: stableHash(path), ended, step };
}

/** Whether a numbered request comes no later than the last one served: resent, or late. */
export function notPast(memo: TextMemo | undefined, step: number | undefined): boolean {
  return step !== undefined && memo?.step !== undefined && step <= memo.step;
}

/**
 * Whether `path` is the one the memo identifies (a repeated request) or shorter (a late one): the
 * path of a session only grows. A different path of the same length is neither.
 */
export function notLonger(memo: TextMemo, path: string): boolean {
  return (
    path.length < memo.length || (path.length === memo.length && stableHash(path) === memo.hash)
  );
}

/**
 * What `path` adds to the path the memo identifies: the old path and the one `*` after it
 * stripped, the rest whole (never a split on `*`: a customer may type `*` inside an input).
 * `undefined` when `path` does not extend it.
 */
export function addedInput(memo: TextMemo, path: string): string | undefined {
  if (memo.length === 0) return path;
  if (path.length <= memo.length || path.charCodeAt(memo.length) !== 42 /* '*' */) return undefined;
  return stableHash(path.slice(0, memo.length)) === memo.hash
    ? path.slice(memo.length + 1)
    : undefined;
}
