import { z } from 'zod';

/**
 * The end-of-session notification Africa's Talking POSTs to the notifications URL once a session
 * is over (`application/x-www-form-urlencoded`, see
 * https://developers.africastalking.com/docs/ussd/notifications). Only `sessionId` and `status`
 * are required here; the other documented fields are read when present, and unknown ones ignored.
 *
 * @example
 * ```ts
 * atNotificationSchema.parse({
 *   sessionId: 'ATUid_1', status: 'Incomplete', phoneNumber: '+254711000001',
 *   serviceCode: '*384*1234#', networkCode: '63902', input: '1', durationInMillis: '5200',
 *   errorMessage: '', lastAppResponse: 'CON Amount?', hopsCount: '2', cost: 'KES 0.0000',
 *   date: '2024-05-02 10:11:12',
 * });
 * ```
 */
export const atNotificationSchema = z.object({
  sessionId: z
    .string({ error: 'the form field sessionId is missing' })
    .min(1, 'the form field sessionId is empty'),
  /** How the session ended: `Success`, `Incomplete` or `Failed`. */
  status: z.string(),
  phoneNumber: z.string().optional(),
  serviceCode: z.string().optional(),
  networkCode: z.string().optional(),
  /** Every input of the session, joined by `*` (the last request's `text`). */
  input: z.string().optional(),
  durationInMillis: z.string().optional(),
  /** Why the session failed, in Africa's Talking's words, when it did. */
  errorMessage: z.string().optional(),
  /** The last answer the app gave (`CON …` or `END …`). */
  lastAppResponse: z.string().optional(),
  hopsCount: z.string().optional(),
  cost: z.string().optional(),
  date: z.string().optional(),
});

/** An end-of-session notification of Africa's Talking, parsed by {@link atNotificationSchema}. */
export type AtNotification = z.infer<typeof atNotificationSchema>;
