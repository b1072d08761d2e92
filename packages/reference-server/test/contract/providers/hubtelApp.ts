/** A Hubtel app (classic USSD API): JSON `{Type, Message}` answers, `ClientState` `buy` while it asks the amount, `MaskNextRoute` on the PIN screen. */
import type { ProviderCodec } from './providerServer';

export const hubtelCodec: ProviderCodec = {
  echoes: [],
  read({ body }) {
    const type = String(body.Type).toLowerCase();
    const kind = type === 'initiation' ? 'start' : type === 'response' ? 'input' : 'end';
    return { sessionId: String(body.SessionId), kind, text: String(body.Message ?? '') };
  },
  write(_request, said) {
    if (said === undefined) return { json: { Type: 'Release', Message: '' } };
    return {
      json: {
        Type: said.ends ? 'Release' : 'Response',
        Message: said.screen,
        ...(said.state === 'buy' ? { ClientState: 'buy' } : {}),
        ...(said.secret === true ? { MaskNextRoute: true } : {}),
      },
    };
  },
};
