/** An Infobip app: one path per event under its URL, `{ussdMenu, shouldClose}` answers. */
import { type ProviderCodec, secretHeader } from './providerServer';

export const infobipCodec: ProviderCodec = {
  echoes: [],
  read({ path, body }) {
    const [, id = '', action = ''] = path.split('/');
    const kind = action === 'start' ? 'start' : action === 'response' ? 'input' : 'end';
    const text = kind === 'end' ? '' : String(body.text ?? '');
    return { sessionId: decodeURIComponent(id), kind, text };
  },
  write(_request, said) {
    const ok = { responseExitCode: 200, responseMessage: '' };
    if (said === undefined) return { json: ok };
    const json = { ussdMenu: said.screen, shouldClose: said.ends, ...ok };
    return { json, headers: secretHeader(said) };
  },
};
