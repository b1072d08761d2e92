import { z } from 'zod';
import { merchantPaymentFailureCauseSchema } from '../app/continueSession';
import { isOneOf, openEnum } from '../internal/open';
import type { Unrecognised } from '../Unrecognised';

const merchantPaymentResults = ['Success', 'Failure', 'Unknown'] as const;
const callbackFields = z.object({
  clientId: z.string(),
  operationId: z.string(),
  result: openEnum(merchantPaymentResults),
  cause: merchantPaymentFailureCauseSchema.optional(),
});
/** The callback as read: a known `result`, and `raw` when the wire one was not (see below). */
type ReadMerchantPaymentCallback = Omit<z.output<typeof callbackFields>, 'result'> & {
  result: (typeof merchantPaymentResults)[number];
  raw?: Unrecognised;
};

/**
 * Callback sent after a merchant payment process; `cause` only with `Failure` (a cause added
 * upstream later is kept as sent, typed `Unrecognised`). A `result` added upstream later reads as
 * `Unknown`, with the wire result in `raw`: never a Success or Failure this version cannot vouch
 * for.
 *
 * @example
 * ```ts
 * merchantPaymentCallbackSchema.parse({ clientId: 'c', operationId: 'o', result: 'Reversed' });
 * // { clientId: 'c', operationId: 'o', result: 'Unknown', raw: 'Reversed' }
 * ```
 */
export const merchantPaymentCallbackSchema = callbackFields.transform(
  ({ clientId, operationId, result, ...rest }): ReadMerchantPaymentCallback =>
    isOneOf(merchantPaymentResults, result)
      ? { clientId, operationId, result, ...rest }
      : { clientId, operationId, result: 'Unknown', raw: result, ...rest },
);
export type MerchantPaymentCallback = z.infer<typeof merchantPaymentCallbackSchema>;
