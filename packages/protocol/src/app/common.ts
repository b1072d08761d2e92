import { z } from 'zod';
import { nonEmptyString } from '../internal/fields';

/** Fields every session event carries. */
export const sessionEventBase = {
  clientId: nonEmptyString,
  appId: nonEmptyString,
  sessionId: nonEmptyString,
};

/**
 * `contextData` as read from the gateway: required upstream, optional in the spec. A missing
 * value reads as the empty string.
 */
export const contextDataField = z.string().default('');

/** A redirect process: which process of the destination app to run, with string params. */
export const ussdProcessRefSchema = z.object({
  id: z.string(),
  params: z.record(z.string(), z.string()).default({}),
});
export type UssdProcessRef = z.infer<typeof ussdProcessRefSchema>;
