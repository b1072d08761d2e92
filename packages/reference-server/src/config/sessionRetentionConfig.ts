import { z } from 'zod';

/** Ended sessions the gateway keeps readable by default. */
export const DEFAULT_RETAINED_ENDED_SESSIONS = 10_000;

/** Sandbox seconds an ended session stays readable by default (24 hours). */
export const DEFAULT_ENDED_SESSION_SECONDS = 24 * 60 * 60;

/**
 * How long the gateway keeps ended sessions (their reports and transcripts) readable through
 * `GET /sandbox/sessions/{id}`: at most `endedSessions` of them (the latest to end), each for at
 * most `seconds` of sandbox time after it ended; older ones are dropped (the report answers 404).
 * Open sessions are never dropped, and the billing history keeps every session's record.
 *
 * @example
 * ```json
 * { "sessionRetention": { "endedSessions": 500, "seconds": 3600 } }
 * ```
 */
export const sessionRetentionConfigSchema = z.object({
  /** Ended sessions kept, the latest to end. @defaultValue 10000 */
  endedSessions: z.number().int().nonnegative().default(DEFAULT_RETAINED_ENDED_SESSIONS),
  /** Sandbox seconds an ended session is kept after its end. @defaultValue 86400 (24 hours) */
  seconds: z
    .number()
    .positive()
    .max(366 * 86_400)
    .default(DEFAULT_ENDED_SESSION_SECONDS),
});

/** The retention with its defaults applied. */
export type SessionRetention = z.output<typeof sessionRetentionConfigSchema>;
/** The retention as written in a configuration file. */
export type SessionRetentionConfig = z.input<typeof sessionRetentionConfigSchema>;
