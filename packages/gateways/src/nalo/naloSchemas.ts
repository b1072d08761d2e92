import { z } from 'zod';
import { looseFlag, looseText, requiredText } from '../internal/looseFields';

/**
 * The JSON Nalo Solutions POSTs to your endpoint at each step of a session, its keys in capitals.
 * `MSGTYPE` is `true` on the first request (whose `USERDATA` is the dialled string, `*920*55#`),
 * `false` after it; `USERDATA` is then the subscriber's latest input. Older payloads have no
 * `SESSIONID`. Nalo sends no end-of-session notice. Read tolerantly. Sources: Nalo's Postman
 * documentation (transport and requirements) and integrations that cite it (`SeveighTech/nunyakata`,
 * `harmonizerblinks/ussd-builder`), see docs/gateways.md.
 *
 * @example
 * ```ts
 * naloRequestSchema.parse({
 *   USERID: 'NALOTest', MSISDN: '233244000001', USERDATA: '*920*55#', MSGTYPE: true,
 *   NETWORK: 'MTN', SESSIONID: '16590115252429751',
 * });
 * ```
 */
export const naloRequestSchema = z.object({
  /** The id Nalo issued you; echoed back (required in the answer). */
  USERID: looseText,
  /** The subscriber's number, `233XXXXXXXXX`. */
  MSISDN: requiredText('MSISDN'),
  /** The subscriber's latest input (the dialled string on the first request); may be `null`. */
  USERDATA: looseText,
  /** `true` on the first request of a session, `false` after it. */
  MSGTYPE: looseFlag('MSGTYPE'),
  /** The subscriber's network (`MTN`, `VODAFONE`, `AIRTELTIGO`). */
  NETWORK: looseText,
  /** The session's id; absent from older payloads. */
  SESSIONID: looseText,
});

/** A request of Nalo, parsed by {@link naloRequestSchema}. */
export type NaloRequest = z.infer<typeof naloRequestSchema>;

/**
 * What the adapter answers Nalo: `USERID` and `MSISDN` copied back, the text in `MSG`, and
 * `MSGTYPE`: `true` keeps the session open, `false` ends it (the same key means "new session"
 * in a request).
 *
 * @example
 * ```ts
 * const answer: NaloResponse = { USERID: 'NALOTest', MSISDN: '233244000001', MSG: 'Enter amount', MSGTYPE: true };
 * ```
 */
export const naloResponseSchema = z.object({
  USERID: z.string(),
  MSISDN: z.string(),
  MSG: z.string(),
  MSGTYPE: z.boolean(),
});

/** An answer to Nalo, as {@link naloResponseSchema} describes it. */
export type NaloResponse = z.infer<typeof naloResponseSchema>;
