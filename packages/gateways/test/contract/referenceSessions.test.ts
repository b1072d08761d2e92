import { describe, expect, it, vi } from 'vitest';
import { arkesel, beem, type GatewayHandler, hubtel, infobip, nalo } from '../../src/index';
import { exampleApp } from '../exampleApp';
import { referenceSessions } from './referenceSessions';

const adapters: Readonly<Record<string, (app: ReturnType<typeof exampleApp>) => GatewayHandler>> = {
  hubtel,
  'hubtel (Programmable Services)': hubtel,
  arkesel,
  nalo,
  'nalo (without SESSIONID)': nalo,
  beem,
  infobip,
};

describe("each provider's reference example session, answered as the reference answers it", () => {
  it.each(Object.entries(referenceSessions))('%s', async (name, session) => {
    const onClose = vi.fn();
    const handler = adapters[name]?.(exampleApp(session.currency, { onClose }));
    if (handler === undefined) throw new Error(`no adapter for ${name}`);
    for (const exchange of session.exchanges) {
      const response = await handler(
        new Request(`https://app.example/ussd/${name.split(' ')[0]}${exchange.path ?? ''}`, {
          method: exchange.method ?? 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(exchange.request),
        }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.json()).toEqual(exchange.answer);
    }
    // After the final screen the app's close hooks run once, with End, whatever follows.
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({ reason: { type: 'End' } });
  });
});
