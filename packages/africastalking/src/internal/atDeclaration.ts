import type { DoorReply } from '@ussdkit/router';
import type { GatewayDeclaration } from '@ussdkit/router/gateway';
import type { z } from 'zod';
import type { AfricasTalkingOptions } from '../AfricasTalkingOptions';
import { atNotificationSchema } from '../AtNotification';
import { atSessionRequestSchema } from '../AtSessionRequest';
import { notificationCloseReason } from '../notificationCloseReason';
import { dialString } from './dialString';

/** The first issue of a form that fails its schema, as a sentence. */
function formProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'the form is invalid';
}

const text = (status: number, body: string): DoorReply => ({
  status,
  type: 'text/plain; charset=utf-8',
  body,
});

/**
 * Africa's Talking's USSD callback, declared: a form POST; `text` is every input so far joined by
 * `*` (read as a path: the router keeps what identifies it); a form with `status` is the
 * end-of-session notification; answers are `CON …` or `END …`.
 */
export const atDeclaration: GatewayDeclaration<AfricasTalkingOptions> = {
  name: 'africastalking',
  title: "Africa's Talking",
  fields: 'form',
  read({ fields }, options) {
    if ('status' in fields) {
      const notification = atNotificationSchema.safeParse(fields);
      if (!notification.success) return { refused: formProblem(notification.error) };
      const closeReason = options.closeReason ?? notificationCloseReason;
      const { sessionId } = notification.data;
      return { type: 'end', sessionId, reason: closeReason(notification.data) };
    }
    const form = atSessionRequestSchema.safeParse(fields);
    if (!form.success) return { refused: formProblem(form.error) };
    const { sessionId, serviceCode, phoneNumber, networkCode, text: path } = form.data;
    const dial = dialString(serviceCode, path);
    return {
      type: 'path',
      sessionId,
      msisdn: phoneNumber,
      operator: networkCode,
      dial,
      path,
      serviceCode,
    };
  },
  write(answer) {
    if (answer.type === 'ended' || answer.type === 'status') return text(200, 'OK');
    if (answer.type === 'refused') return text(answer.status, answer.message);
    // A secret screen's answer gets Ussdkit-Input: secret from defineGateway, as every provider's.
    return text(200, `${answer.ends ? 'END' : 'CON'} ${answer.text}`);
  },
};
