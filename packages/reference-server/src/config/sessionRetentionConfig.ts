import { z } from 'zod';
import { retentionSeconds } from './retentionSeconds';

/** Ended sessions the gateway keeps readable by default. */
export const DEFAULT_RETAINED_ENDED_SESSIONS = 10_000;

/** Sandbox seconds an ended session stays readable by default (24 hours). */
export const DEFAULT_ENDED_SESSION_SECONDS = 24 * 60 * 60;

/** Merchant payment operationIds the gateway remembers by default, for `DuplicatedOperation`. */
export const DEFAULT_RETAINED_OPERATION_IDS = 100_000;

/** Sandbox seconds the gateway remembers a merchant payment operationId by default (24 hours). */
export const DEFAULT_OPERATION_ID_SECONDS = 24 * 60 * 60;

/**
 * What the gateway keeps of past sessions, so that its memory stays bounded however long the
 * sandbox runs. Ended sessions (their reports and transcripts) stay readable through
 * `GET /sandbox/sessions/{id}`: at most `endedSessions` of them (the latest to end), each for at
 * most `seconds` of sandbox time after it ended; older ones are dropped (the report answers 404).
 * The merchant payment operationIds the sessions used are remembered for `DuplicatedOperation`:
 * at most `operationIds` of them (the latest used), each for `operationIdSeconds` after its use.
 * Open sessions are never dropped, and the billing history keeps every session's record.
 *
 * @example
 * ```json
 * { "sessionRetention": { "endedSessions": 500, "seconds": 3600, "operationIds": 5000 } }
 * ```
 */
export const sessionRetentionConfigSchema = z.object({
  /** Ended sessions kept, the latest to end. @defaultValue 10000 */
  endedSessions: z.number().int().nonnegative().default(DEFAULT_RETAINED_ENDED_SESSIONS),
  /** Sandbox seconds an ended session is kept after its end. @defaultValue 86400 (24 hours) */
  seconds: retentionSeconds.default(DEFAULT_ENDED_SESSION_SECONDS),
  /**
   * Merchant payment operationIds remembered, the latest used; the gateway applies the default.
   * @defaultValue 100000
   */
  operationIds: z.number().int().positive().optional(),
  /**
   * Sandbox seconds an operationId is remembered after its use; the gateway applies the default.
   * @defaultValue 86400 (24 hours)
   */
  operationIdSeconds: retentionSeconds.optional(),
});

/** The retention with its defaults applied. */
export type SessionRetention = z.output<typeof sessionRetentionConfigSchema>;
/** The retention as written in a configuration file. */
export type SessionRetentionConfig = z.input<typeof sessionRetentionConfigSchema>;
