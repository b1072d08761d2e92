import { z } from 'zod';
import { looseText, requiredText } from '../internal/looseFields';

/**
 * The JSON body of Infobip's `POST …/{sessionId}/start` and `POST …/{sessionId}/response` (its
 * legacy "USSD Gateway to Third-party Application" API): `text` is what the subscriber entered
 * (on `start`, assumed to be the dialled string, `*123#`), `shortCode` the code dialled (not
 * always sent). The session id is in the URL. Sources: the vendor's specification as quoted by
 * `praekeltfoundation/vumi` (`vumi/transports/infobip/infobip.py`) and `beamkenya/ex_ussd`, see
 * docs/gateways.md.
 *
 * @example
 * ```ts
 * infobipRequestSchema.parse({ msisdn: '385955363443', shortCode: '*123#', text: '1' });
 * ```
 */
export const infobipRequestSchema = z.object({
  /** The subscriber's number. */
  msisdn: requiredText('msisdn'),
  /** What the subscriber entered. */
  text: looseText,
  /** The code dialled, when sent. */
  shortCode: looseText,
  /** The SIM's identity, when sent. */
  imsi: looseText,
  /** A language hint, or `null`. */
  language: z.string().nullish(),
  /** Which gateway instance called (`live2`). */
  ussdGwId: looseText,
});

/** A `start` or `response` request of Infobip, parsed by {@link infobipRequestSchema}. */
export type InfobipRequest = z.infer<typeof infobipRequestSchema>;

/**
 * The JSON body of Infobip's `PUT …/{sessionId}/end`: the session is over (a normal end, a
 * cancel or a timeout; the table of `exitCode`s is not public).
 *
 * @example
 * ```ts
 * infobipEndSchema.parse({ exitCode: 0, reason: 'ok' });
 * ```
 */
export const infobipEndSchema = z.object({
  exitCode: z.union([z.number(), z.string()]).optional(),
  reason: looseText,
});

/** An `end` request of Infobip, parsed by {@link infobipEndSchema}. */
export type InfobipEnd = z.infer<typeof infobipEndSchema>;

/**
 * What the adapter answers Infobip: to `start` and `response`, the text in `ussdMenu` and
 * `shouldClose` (`true` on the last screen); to `end`, the status only; to `status`,
 * `sessionActive`. Each carries `responseExitCode` (200, or the refusal's status) and
 * `responseMessage` (empty, or what was wrong).
 *
 * @example
 * ```ts
 * const answer: InfobipResponse = {
 *   ussdMenu: 'Enter amount', shouldClose: false, responseExitCode: 200, responseMessage: '',
 * };
 * ```
 */
export const infobipResponseSchema = z.object({
  ussdMenu: z.string().optional(),
  shouldClose: z.boolean().optional(),
  sessionActive: z.boolean().optional(),
  responseExitCode: z.number().int(),
  responseMessage: z.string(),
});

/** An answer to Infobip, as {@link infobipResponseSchema} describes it. */
export type InfobipResponse = z.infer<typeof infobipResponseSchema>;
