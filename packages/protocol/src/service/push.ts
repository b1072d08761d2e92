import { z } from 'zod';
import { nonEmptyString } from '../internal/fields';

/** Body of `POST /ussd/app/push`. */
export const pushRequestSchema = z.object({
  appId: nonEmptyString,
  msisdn: nonEmptyString,
  contextData: z.string(),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

/** Answer of `POST /ussd/app/push`; `recoveryShortcode` only with the RECOVERY permission. */
export const pushResponseSchema = z.object({
  sessionId: nonEmptyString,
  recoveryShortcode: z.string().nullish(),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;
