import { z } from 'zod';
import { DEFAULT_HISTORY_ENTRIES, DEFAULT_HISTORY_SECONDS } from '../rules/index';
import { retentionSeconds } from './retentionSeconds';

/**
 * How much operation history the sandbox keeps (`GET /operation/history`, `GET /sandbox/history`):
 * at most `entries` entries (the latest), each for at most `seconds` of sandbox time after it
 * was made. A dropped acquire or merchant payment is forgotten with its entry: its status reads
 * `NOT_FOUND` and its operationId may be used again.
 *
 * @example
 * ```json
 * { "historyRetention": { "entries": 5000, "seconds": 86400 } }
 * ```
 */
export const historyRetentionConfigSchema = z.object({
  /** Entries kept, the latest. @defaultValue 100000 */
  entries: z.number().int().positive().default(DEFAULT_HISTORY_ENTRIES),
  /** Sandbox seconds an entry is kept after it was made. @defaultValue 604800 (7 days) */
  seconds: retentionSeconds.default(DEFAULT_HISTORY_SECONDS),
});

/** The history retention with its defaults applied. */
export type HistoryRetentionSettings = z.output<typeof historyRetentionConfigSchema>;
/** The history retention as written in a configuration file or given to `startSandbox`. */
export type HistoryRetentionConfig = z.input<typeof historyRetentionConfigSchema>;
