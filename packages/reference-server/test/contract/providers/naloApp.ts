/** A Nalo app: `USERID` and `MSISDN` copied back, `MSGTYPE` true to go on. */
import { type ProviderCodec, secretHeader } from './providerServer';

export const naloCodec: ProviderCodec = {
  echoes: ['USERID', 'MSISDN'],
  read({ body }) {
    const kind = body.MSGTYPE === true ? 'start' : 'input';
    return { sessionId: String(body.SESSIONID), kind, text: String(body.USERDATA ?? '') };
  },
  write({ body }, said) {
    const json = {
      USERID: body.USERID,
      MSISDN: body.MSISDN,
      MSG: said?.screen ?? '',
      MSGTYPE: said !== undefined && !said.ends,
    };
    return { json, headers: secretHeader(said) };
  },
};
