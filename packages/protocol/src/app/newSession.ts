import { z } from 'zod';
import { nonEmptyString } from '../internal/fields';
import { sessionEventBase, ussdProcessRefSchema } from './common';

/** The customer dialled the short code; `shortcodeString` is the whole dialled string. */
export const dialInputSchema = z.object({
  type: z.literal('Dial'),
  shortcodeString: nonEmptyString,
});
export type DialInput = z.infer<typeof dialInputSchema>;

/** The session was started by a push; `contextData` is the push request's. */
export const pushInputSchema = z.object({
  type: z.literal('Push'),
  contextData: z.string().default(''),
});
export type PushInput = z.infer<typeof pushInputSchema>;

/**
 * The session was redirected from another app. The deprecated `processId` is read and mapped to
 * `process.id` (with empty params) when `process` is absent.
 */
export const redirectInputSchema = z
  .object({
    type: z.literal('Redirect'),
    process: ussdProcessRefSchema.optional(),
    processId: z.string().optional(),
  })
  .transform(({ type, process, processId }) => {
    const resolved =
      process ?? (processId === undefined ? undefined : { id: processId, params: {} });
    return resolved === undefined ? { type } : { type, process: resolved };
  });
export type RedirectInput = z.infer<typeof redirectInputSchema>;

/** The three ways a session starts. */
export const sessionInputSchema = z.discriminatedUnion('type', [
  dialInputSchema,
  pushInputSchema,
  redirectInputSchema,
]);
export type SessionInput = z.infer<typeof sessionInputSchema>;

/** Body of `POST {app_url}/ussdSessionEvent/new`. `operator` is read as any string. */
export const newSessionSchema = z.object({
  ...sessionEventBase,
  msisdn: nonEmptyString,
  operator: z.string(),
  input: sessionInputSchema,
});
export type NewSession = z.infer<typeof newSessionSchema>;
