import { AcquireFailedError, type UssdkitClient } from '@ussdkit/client';
import { productSchema } from '@ussdkit/protocol';
import type { PaymentService } from '@ussdkit-examples/flows';
import { z } from 'zod';
import { CABLE_GROUP_ID } from './cablePackages';

/** What Bill Pay passes as the `order` of a payment: the package and the smart card. */
export const cableOrder = z.object({ product: productSchema, card: z.string() });

/**
 * Bill Pay's payment service for the shared `confirmAndPay` flow: the PIN is checked by
 * `checkPin`, the bill is paid with `buy()` (a result not known yet is `pending`, a refusal its
 * code).
 *
 * @example
 * ```ts
 * confirmAndPay(billPayments(client, (_msisdn, pin) => pin === '1234'))
 * ```
 */
export function billPayments(
  client: UssdkitClient,
  checkPin: PaymentService['checkPin'],
): PaymentService {
  return {
    checkPin,
    pay: async (payment) => {
      const { product, card } = cableOrder.parse(payment.order);
      try {
        const bought = await client.buy({
          product,
          groupId: CABLE_GROUP_ID,
          beneficiaryId: card,
          customerMsisdn: payment.msisdn,
          amount: payment.amount,
        });
        if (bought.status === 'UNKNOWN') return { paid: false, reason: 'pending' };
        return { paid: true, reference: bought.reference };
      } catch (error) {
        if (!(error instanceof AcquireFailedError)) throw error;
        return { paid: false, reason: error.code };
      }
    },
  };
}
