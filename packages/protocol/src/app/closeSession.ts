import { z } from 'zod';
import { openReason, sessionEndSchema } from '../internal/sessionEndSchema';

/** Every close reason type the spec lists: `End` (after an InfoView), `Abandon`, `Timeout`. */
export const closeReasonTypes = ['End', 'Abandon', 'Timeout'] as const;

/**
 * Why a session closed: `End` (after an InfoView), `Abandon` (cancelled), `Timeout`. A reason
 * added upstream later reads as `{ type: 'Unrecognised', raw: '<its type>' }`, never as an error.
 *
 * @example
 * ```ts
 * closeReasonSchema.parse({ type: 'Kicked' }); // { type: 'Unrecognised', raw: 'Kicked' }
 * ```
 */
export const closeReasonSchema = openReason(
  z.object({ type: z.enum(closeReasonTypes) }),
  closeReasonTypes,
);
export type CloseReason = z.infer<typeof closeReasonSchema>;
/** A close reason's `type`: one of {@link closeReasonTypes}, or `'Unrecognised'`. */
export type CloseReasonType = CloseReason['type'];

/** Body of `POST {app_url}/ussdSessionEvent/close`. */
export const closeSessionSchema = sessionEndSchema(closeReasonSchema);
export type CloseSession = z.infer<typeof closeSessionSchema>;
