import { z } from 'zod';
import { looseFlag, looseText, requiredText } from '../internal/looseFields';

/**
 * The JSON Arkesel POSTs to your callback URL at each step of a session. `newSession` is `true`
 * on the first request, whose `userData` is most likely the dialled string (`*928*280#`);
 * later `userData` is only the subscriber's latest input. Arkesel sends no end-of-session notice.
 * Read tolerantly (flags as strings, numbers for strings, `null` inputs). Sources: Arkesel's own
 * samples (`ArkeselDev/php-ussd-sample`, `laravel-ussd-sample`, `fastapi-ussd-sample`,
 * `DotnetUssdSample`), see docs/gateways.md.
 *
 * @example
 * ```ts
 * arkeselRequestSchema.parse({
 *   sessionID: '1700000000123', userID: 'arkesel_app', newSession: true,
 *   msisdn: '233244000001', userData: '*928*280#', network: 'MTN',
 * });
 * ```
 */
export const arkeselRequestSchema = z.object({
  /** The session's id. */
  sessionID: requiredText('sessionID'),
  /** The id Arkesel gave your account or application; echoed back. */
  userID: looseText,
  /** `true` on the first request of a session. */
  newSession: looseFlag('newSession'),
  /** The subscriber's number, `233…` without `+`. */
  msisdn: requiredText('msisdn'),
  /** The subscriber's latest input (the dialled string on the first request); may be `null`. */
  userData: looseText,
  /** The subscriber's network (`MTN`). */
  network: looseText,
});

/** A request of Arkesel, parsed by {@link arkeselRequestSchema}. */
export type ArkeselRequest = z.infer<typeof arkeselRequestSchema>;

/**
 * What the adapter answers Arkesel: the request's `sessionID`, `userID` and `msisdn` copied
 * back, the text in `message`, and `continueSession` (`true` waits for input, `false` ends).
 *
 * @example
 * ```ts
 * const answer: ArkeselResponse = {
 *   sessionID: '1700000000123', userID: 'arkesel_app', msisdn: '233244000001',
 *   message: 'Enter amount', continueSession: true,
 * };
 * ```
 */
export const arkeselResponseSchema = z.object({
  sessionID: z.string(),
  userID: z.string(),
  msisdn: z.string(),
  message: z.string(),
  continueSession: z.boolean(),
});

/** An answer to Arkesel, as {@link arkeselResponseSchema} describes it. */
export type ArkeselResponse = z.infer<typeof arkeselResponseSchema>;
