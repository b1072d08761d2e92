import { z } from 'zod';

const required = (field: string) =>
  z
    .string({ error: `the form field ${field} is missing` })
    .min(1, `the form field ${field} is empty`);

/**
 * The form Africa's Talking POSTs to your callback URL at each step of a session
 * (`application/x-www-form-urlencoded`, see
 * https://developers.africastalking.com/docs/ussd/handle_sessions). `text` is every input of the
 * session so far joined by `*`: empty on the first request of a plainly dialled code, holding the
 * extra segments of a code dialled with them (`*384*1234*5#` gives `5`).
 *
 * @example
 * ```ts
 * atSessionRequestSchema.parse({
 *   sessionId: 'ATUid_1', serviceCode: '*384*1234#', phoneNumber: '+254711000001',
 *   networkCode: '63902', text: '1*500',
 * });
 * ```
 */
export const atSessionRequestSchema = z.object({
  /** Unique per session, sent with every request of the session. */
  sessionId: required('sessionId'),
  /** The code assigned to your application, e.g. `*384*1234#`. */
  serviceCode: required('serviceCode'),
  /** The customer's number, e.g. `+254711000001`. */
  phoneNumber: required('phoneNumber'),
  /** The customer's network (mobile country and network code, e.g. `63902`). */
  networkCode: z.string().default(''),
  /** Every input of the session so far, joined by `*`. */
  text: z.string().default(''),
});

/** A session request of Africa's Talking, parsed by {@link atSessionRequestSchema}. */
export type AtSessionRequest = z.infer<typeof atSessionRequestSchema>;
