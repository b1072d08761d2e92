import { describe, expect, it, vi } from 'vitest';
import { arkesel, beem, type GatewayHandler, hubtel, infobip, nalo } from '../../src/index';
import { exampleApp } from '../exampleApp';
import { BASE, jsonRequest } from '../phones/Phone';
import { transports } from '../transports';
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

describe.each(transports)(
  "each provider's reference example session, answered as the reference answers it (%s)",
  (_transport, start) => {
    it.each(Object.entries(referenceSessions))('%s', async (name, session) => {
      const onClose = vi.fn();
      const handler = adapters[name]?.(exampleApp(session.currency, { onClose }));
      if (handler === undefined) throw new Error(`no adapter for ${name}`);
      const mount = name.split(' ')[0] ?? name;
      const server = await start({ [mount]: { fetch: handler, door: handler.door } });
      try {
        for (const exchange of session.exchanges) {
          const url = `${BASE}/${mount}${exchange.path ?? ''}`;
          const response = await server.post(jsonRequest(url, exchange.request, exchange.method));
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
          expect(await response.json()).toEqual(exchange.answer);
        }
      } finally {
        await server.close();
      }
      // After the final screen the app's close hooks run once, with End, whatever follows.
      await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      expect(onClose.mock.calls[0]?.[0]).toMatchObject({ reason: { type: 'End' } });
    });
  },
);
