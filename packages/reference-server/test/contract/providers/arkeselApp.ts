/** An Arkesel app: `sessionID`, `userID` and `msisdn` copied back, `continueSession` true to go on. */
import { type ProviderCodec, secretHeader } from './providerServer';

export const arkeselCodec: ProviderCodec = {
  echoes: ['sessionID', 'userID', 'msisdn'],
  read({ body }) {
    const kind = body.newSession === true ? 'start' : 'input';
    return { sessionId: String(body.sessionID), kind, text: String(body.userData ?? '') };
  },
  write({ body }, said) {
    const json = {
      sessionID: body.sessionID,
      userID: body.userID,
      msisdn: body.msisdn,
      message: said?.screen ?? '',
      continueSession: said !== undefined && !said.ends,
    };
    return { json, headers: secretHeader(said) };
  },
};
