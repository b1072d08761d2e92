/**
 * A Beem app: `msisdn`, `operator` and `session_id` copied back, `command` `continue` to go on,
 * the screen in `payload.request` with the next step in `payload.request_id`.
 */
import { type ProviderCodec, secretHeader } from './providerServer';

export const beemCodec: ProviderCodec = {
  echoes: ['msisdn', 'operator', 'session_id'],
  read({ body }) {
    const command = String(body.command);
    const kind = command === 'initiate' ? 'start' : command === 'continue' ? 'input' : 'end';
    const payload = (body.payload ?? {}) as Record<string, unknown>;
    // Beem's initiate carries the number 0, not a dialled string.
    const text = kind === 'input' ? String(payload.response) : '';
    return { sessionId: String(body.session_id), kind, text };
  },
  write({ body }, said) {
    const payload = (body.payload ?? {}) as Record<string, unknown>;
    const json = {
      msisdn: body.msisdn,
      operator: body.operator,
      session_id: body.session_id,
      command: said !== undefined && !said.ends ? 'continue' : 'terminate',
      payload: { request_id: Number(payload.request_id) + 1, request: said?.screen ?? '' },
    };
    return { json, headers: secretHeader(said) };
  },
};
