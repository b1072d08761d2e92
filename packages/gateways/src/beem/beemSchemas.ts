import { z } from 'zod';
import { looseText, looseWord, requiredText } from '../internal/looseFields';

/** A step number, sent as a number or a string; `0` when absent. */
const step = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value) => Number(value ?? 0))
  .pipe(z.number({ error: 'the field payload.request_id is not a number' }).int().min(0));

/**
 * The JSON Beem Africa's USSD Hub POSTs to your callback URL at each step of a session:
 * `command` `initiate` (first request), `continue` (the subscriber answered, `payload.response`
 * holding the latest input) or `terminate` (the session is closing). Read tolerantly (`command`
 * in any case, `response` `0` on `initiate`, `request_id` as a string). Sources: Beem's samples
 * (`beemafrica/beem-ussd-api-sample`) and `gowelle/laravel-beem-africa`, see docs/gateways.md.
 *
 * @example
 * ```ts
 * beemRequestSchema.parse({
 *   command: 'continue', msisdn: '255712345678', session_id: '4574', operator: 'vodacom',
 *   payload: { request_id: 1, response: '1' },
 * });
 * ```
 */
export const beemRequestSchema = z.object({
  /** `initiate`, `continue` or `terminate`. */
  command: looseWord('command', ['initiate', 'continue', 'terminate']),
  /** The subscriber's number, `255…` without `+`. */
  msisdn: looseText,
  /** The session's id. */
  session_id: requiredText('session_id'),
  /** The subscriber's network (`vodacom`). */
  operator: looseText,
  payload: z
    .object({
      /** The step: `0` on `initiate`, then the step the previous answer set. */
      request_id: step,
      /** The subscriber's latest input (`0` on `initiate`). */
      response: looseText,
    })
    .default({ request_id: 0, response: '' }),
});

/** A request of Beem, parsed by {@link beemRequestSchema}. */
export type BeemRequest = z.infer<typeof beemRequestSchema>;

/**
 * What the adapter answers Beem: `msisdn`, `operator` and `session_id` copied back, `command`
 * `continue` (wait for input) or `terminate` (the last screen), and `payload`: `request_id` (the
 * request's step plus one) and `request`, the text to show (the input arrives in `response`,
 * the output leaves in `request`).
 *
 * @example
 * ```ts
 * const answer: BeemResponse = {
 *   msisdn: '255712345678', operator: 'vodacom', session_id: '4574', command: 'continue',
 *   payload: { request_id: 2, request: 'Enter amount' },
 * };
 * ```
 */
export const beemResponseSchema = z.object({
  msisdn: z.string(),
  operator: z.string(),
  session_id: z.string(),
  command: z.enum(['continue', 'terminate']),
  payload: z.object({ request_id: z.number().int(), request: z.string() }),
});

/** An answer to Beem, as {@link beemResponseSchema} describes it. */
export type BeemResponse = z.infer<typeof beemResponseSchema>;
