import type { AcquireErrorCode, AcquireRequest } from '@ussdkit/protocol';
import type { Catalogue } from '../catalogue/Catalogue';

/** Whether an acquire request can go ahead, and for which amount. */
export type AcquireDecision =
  | { readonly ok: true; readonly amount: number }
  | { readonly ok: false; readonly error: AcquireErrorCode; readonly amount: number };

/**
 * Checks an acquire request against the catalogue: the sku exists, the amount follows the
 * product's amount source (FIXED: absent or equal to the price; PROVIDED_BY_USER: present;
 * BASED_ON_BENEFICIARY_ID: present and equal to the amount endpoint's value when it is `EXACT`),
 * and, unless `trustBeneficiary`, the beneficiary id is valid for the product's group.
 * The request schema already checked that an amount is positive with at most two decimals.
 *
 * @example
 * ```ts
 * decideAcquire(catalogue, { operationId, sku: 'data-1gb', beneficiaryId, customerMsisdn }, false);
 * // { ok: true, amount: 500 }
 * ```
 */
export function decideAcquire(
  catalogue: Catalogue,
  request: AcquireRequest,
  trustBeneficiary: boolean,
): AcquireDecision {
  const given = request.amount;
  const found = catalogue.find(request.sku);
  if (!found) return { ok: false, error: 'UNKNOWN_SKU', amount: given ?? 0 };
  const { product, group } = found;
  let amount: number | undefined;
  switch (product.amountSource) {
    case 'FIXED':
      amount = given === undefined || given === product.amount ? product.amount : undefined;
      break;
    case 'PROVIDED_BY_USER':
      amount = given;
      break;
    case 'BASED_ON_BENEFICIARY_ID': {
      const lookup = product.amountLookup;
      const exact = lookup?.restrictions === 'EXACT' ? lookup.value : undefined;
      amount = given !== undefined && (exact === undefined || given === exact) ? given : undefined;
      break;
    }
  }
  if (amount === undefined) return { ok: false, error: 'INVALID_AMOUNT', amount: given ?? 0 };
  if (!trustBeneficiary && !catalogue.validBeneficiary(group, request.beneficiaryId)) {
    return { ok: false, error: 'INVALID_BENEFICIARY_ID', amount };
  }
  return { ok: true, amount };
}
