import { z } from 'zod';
import { contextDataField, sessionEventBase } from '../app/common';
import { UNRECOGNISED } from '../Unrecognised';
import { openUnion } from './open';

/**
 * The body of a close or an abort: the session event, why the session ended (`reason`), and the
 * app's last `contextData`.
 */
export function sessionEndSchema<Reason extends z.ZodType>(reason: Reason) {
  return z.object({ ...sessionEventBase, reason, contextData: contextDataField });
}

/**
 * A close or abort reason read tolerantly: one whose `type` is none of `types` reads as
 * `{ type: 'Unrecognised', raw: '<its type>' }`, never as an error.
 */
export function openReason<Known extends z.ZodType>(known: Known, types: readonly string[]) {
  return openUnion('type', known, types, (raw) => ({ type: UNRECOGNISED, raw }));
}
