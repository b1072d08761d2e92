import { z } from 'zod';
import { looseText, looseWord, requiredText } from '../internal/looseFields';

/** The request types Hubtel sends, in lower case (it sends `Initiation` and `initiation`). */
export const hubtelTypes = [
  'initiation',
  'response',
  'release',
  'timeout',
  'favorite',
  'query',
] as const;

/**
 * The JSON Hubtel POSTs to your USSD URL at each step of a session: its classic USSD API and its
 * Programmable Services API (which adds `Platform`). `Message` is the whole dialled string on
 * `Initiation` (`*713*4#`, or `*713*4*2#` for a deep link), then only the subscriber's latest
 * input; `Release` (the subscriber or network ended the session) and `Timeout` end it out of band.
 * Read tolerantly: `Type` in any case, numbers for strings, `null` for empty, optional fields
 * missing. Sources: Hubtel's `Smsgh.UssdFramework` (`UssdRequest.cs`) and simulator
 * (`ussd-mocker`), the Programmable Services documentation (see docs/gateways.md).
 *
 * @example
 * ```ts
 * hubtelRequestSchema.parse({
 *   Mobile: '233244567890', SessionId: '3f1c9a0e7b2d4c6f8a9e0b1c2d3e4f50', ServiceCode: '713*4',
 *   Type: 'Initiation', Message: '*713*4#', Operator: 'mtn', Sequence: 1,
 * });
 * ```
 */
export const hubtelRequestSchema = z.object({
  /** The session's id, the same on each of its requests. */
  SessionId: requiredText('SessionId'),
  /** The subscriber's number, international form without `+` (`233244567890`). */
  Mobile: looseText,
  /** `Initiation`, `Response`, `Release`, `Timeout` (and `favorite`, `query` on Programmable Services). */
  Type: looseWord('Type', hubtelTypes),
  /** The dialled string on `Initiation`, then the subscriber's latest input; empty on an end. */
  Message: looseText,
  /** The code the session is for (`713*4`, `*714*100#`, or a service id off USSD). */
  ServiceCode: looseText,
  /** The subscriber's network (`mtn`, `vodafone`, `airteltigo`…). */
  Operator: looseText,
  /** The step: 1 on `Initiation`, then 2, 3… (sent as a number or a string). */
  Sequence: looseText,
  /** What the previous answer's `ClientState` set (the adapter sets none). */
  ClientState: looseText,
  /** Programmable Services only: `USSD`, `Web`, `Hubtel-App`, `Hubtel-POS`. */
  Platform: z.string().optional(),
});

/** A request of Hubtel, parsed by {@link hubtelRequestSchema}. */
export type HubtelRequest = z.infer<typeof hubtelRequestSchema>;

/**
 * What the adapter answers Hubtel: `Type` `Response` (the session goes on) or `Release` (the
 * text is its last screen), the text in `Message`; `MaskNextRoute` on a screen that asks a
 * secret. To a Programmable Services request (one with `Platform`) it adds what Hubtel's app and
 * web channels render: `Label` (the screen's first line), `DataType` (`input` or `display`) and
 * `FieldType` (`text`).
 *
 * @example
 * ```ts
 * const answer: HubtelResponse = { Type: 'Response', Message: 'Enter amount' };
 * ```
 */
export const hubtelResponseSchema = z.object({
  Type: z.enum(['Response', 'Release']),
  Message: z.string(),
  MaskNextRoute: z.boolean().optional(),
  Label: z.string().optional(),
  DataType: z.enum(['input', 'display']).optional(),
  FieldType: z.literal('text').optional(),
});

/** An answer to Hubtel, as {@link hubtelResponseSchema} describes it. */
export type HubtelResponse = z.infer<typeof hubtelResponseSchema>;
