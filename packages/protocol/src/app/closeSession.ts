import { z } from 'zod';
import { contextDataField, sessionEventBase } from './common';

/** Why a session closed: `End` (after an InfoView), `Abandon` (cancelled), `Timeout`. */
export const closeReasonSchema = z.object({ type: z.enum(['End', 'Abandon', 'Timeout']) });
export type CloseReason = z.infer<typeof closeReasonSchema>;
export type CloseReasonType = CloseReason['type'];

/** Body of `POST {app_url}/ussdSessionEvent/close`. */
export const closeSessionSchema = z.object({
  ...sessionEventBase,
  reason: closeReasonSchema,
  contextData: contextDataField,
});
export type CloseSession = z.infer<typeof closeSessionSchema>;
