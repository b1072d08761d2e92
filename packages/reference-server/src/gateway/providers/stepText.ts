import type { ProviderHop } from './ProviderProtocol';

/**
 * What the subscriber sent at this step, as the providers carry it in one field: the whole
 * dialled string on the first request (a deep link's segments included), the newest input after.
 *
 * @example
 * ```ts
 * const body = { userData: stepText(hop, step) };
 * ```
 */
export function stepText(hop: ProviderHop, step: 'start' | 'continue'): string {
  return step === 'start' ? hop.dial : (hop.inputs.at(-1) ?? '');
}
