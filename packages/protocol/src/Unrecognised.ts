import { z } from 'zod';

/**
 * A value the service sent that this version of ussdkit does not know: an error code, a failure
 * cause or a reason added upstream later. It is kept as its wire text, branded so that it never
 * mixes with the known literals: in a `switch` over a code, every known case keeps its literal
 * type and the `default` branch holds an `Unrecognised`. `satisfies Unrecognised` there makes the
 * switch exhaustive-checked: when a later version learns a new code, that line stops compiling
 * until the new case is handled. Only parsing makes one, so a writer typed with the same union
 * can still only write the known codes.
 *
 * @example
 * ```ts
 * function describe(code: AcquireErrorCode): string {
 *   switch (code) {
 *     case 'TIMEOUT': return 'no answer in time';
 *     case 'INTERNAL': case 'INVALID_AMOUNT': case 'UNKNOWN_SKU':
 *     case 'INVALID_BENEFICIARY_ID': case 'UNSPECIFIED': return code;
 *     default: return `new code ${code satisfies Unrecognised}`;
 *   }
 * }
 * ```
 */
export const unrecognisedSchema = z.string().brand<'Unrecognised'>();
export type Unrecognised = z.infer<typeof unrecognisedSchema>;

/**
 * The `type` a close or abort reason this version does not know reads as:
 * `{ type: 'Unrecognised', raw: 'NewReason' }`, `raw` holding the wire `type`.
 *
 * @example
 * ```ts
 * if (reason.type === UNRECOGNISED) console.warn('new abort reason', reason.raw);
 * ```
 */
export const UNRECOGNISED = 'Unrecognised' as const;
