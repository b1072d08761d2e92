import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApp } from '../index';
import { defineGateway } from './defineGateway';
import type { GatewayDeclaration } from './GatewayDeclaration';

/** A menu, a secret PIN, and a screen longer than 100 characters. */
function testApp(onClose = vi.fn()) {
  return createApp({
    state: z.object({}),
    start: 'menu',
    maxBodyBytes: 300,
    onClose,
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Menu',
        items: [
          { label: 'PIN', next: 'pin' },
          { label: 'Terms', next: 'terms' },
        ],
      }),
      pin: input({ text: 'PIN?', secret: true, next: 'terms' }),
      terms: info({ text: `Terms: ${'all of this applies. '.repeat(6)}` }),
    }),
  });
}

/** A JSON provider: `{ id, msisdn, begin?, input?, end? }`; its own error shape `{ error }`. */
const declaration: GatewayDeclaration<{ readonly account?: string }> = {
  name: 'jsonco',
  title: 'JsonCo',
  fields: 'json',
  methods: ['POST', 'GET'],
  read({ fields, head }, options) {
    const sessionId = String(fields.id ?? new URLSearchParams(head.query).get('id'));
    if (options.account !== undefined && fields.account !== options.account) {
      return { refused: 'another account', status: 403 };
    }
    if (head.method === 'GET') return { type: 'end', sessionId, reason: 'Timeout' };
    if (fields.kind === 'unknown') return { refused: 'kind unknown', code: 'UNKNOWN_KIND' };
    const msisdn = String(fields.msisdn);
    const begin = { type: 'begin', sessionId, msisdn, dial: '*1*2#' } as const;
    if (fields.kind === 'redial') return [{ type: 'end', sessionId, reason: 'Abandon' }, begin];
    if (fields.kind === 'begin') return begin;
    return { type: 'input', sessionId, msisdn, input: String(fields.input) };
  },
  write: (answer) => ({ status: 200, type: 'application/json', body: JSON.stringify(answer) }),
  refuse: ({ status, code, message, headers }, request) => ({
    status,
    headers,
    type: 'application/json',
    body: JSON.stringify({ error: { code, message, read: request !== undefined } }),
  }),
};
const gateway = defineGateway(declaration);

/** What the test reads of an answer: the error shape, or the `TextAnswer` written as it is. */
interface Written {
  readonly error: { readonly code: string; readonly message: string; readonly read: boolean };
  readonly text: string;
}
const json = (response: Response) => response.json() as Promise<Written>;

const post = (body: unknown, query = '') =>
  new Request(`https://app.example/jsonco${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('defineGateway', () => {
  it("writes every refusal in the provider's shape, with its code", async () => {
    const handler = gateway(testApp(), { secret: 's', account: 'acme' });
    const put = await handler(new Request('https://app.example/jsonco', { method: 'PUT' }));
    expect([put.status, put.headers.get('allow'), await json(put)]).toEqual([
      405,
      'POST, GET',
      {
        error: {
          code: 'METHOD_NOT_ALLOWED',
          message: 'JsonCo calls with POST or GET; this was a PUT',
          read: false,
        },
      },
    ]);
    const noSecret = await handler(post({ id: 'a' }));
    expect([noSecret.status, (await json(noSecret)).error.code]).toEqual([403, 'FORBIDDEN']);
    const form = await handler(
      new Request('https://app.example/jsonco?secret=s', { method: 'POST', body: 'id=a' }),
    );
    expect([form.status, (await json(form)).error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const big = await handler(post({ id: 'a', pad: 'x'.repeat(400) }, '?secret=s'));
    expect([big.status, (await json(big)).error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const broken = await handler(post('{"id":', '?secret=s'));
    expect([broken.status, await json(broken)]).toEqual([
      400,
      { error: { code: 'BAD_REQUEST', message: 'The body is not valid JSON', read: false } },
    ]);
    const account = await handler(post({ id: 'a', account: 'other' }, '?secret=s'));
    expect([account.status, await json(account)]).toEqual([
      403,
      { error: { code: 'FORBIDDEN', message: 'another account', read: true } },
    ]);
    const kind = await handler(post({ id: 'a', account: 'acme', kind: 'unknown' }, '?secret=s'));
    expect([kind.status, (await json(kind)).error.code]).toEqual([400, 'UNKNOWN_KIND']);
  });

  it('words a refusal as text/plain when the declaration has no shape of its own', async () => {
    const { refuse: _, ...plain } = declaration;
    const handler = defineGateway(plain)(testApp());
    const put = await handler(new Request('https://app.example/jsonco', { method: 'PUT' }));
    expect([put.status, put.headers.get('content-type'), await put.text()]).toEqual([
      405,
      'text/plain; charset=utf-8',
      'JsonCo calls with POST or GET; this was a PUT',
    ]);
  });

  it('marks a screen that asks a secret with Ussdkit-Input: secret, for every provider', async () => {
    const handler = gateway(testApp());
    const menu = await handler(post({ id: 's1', msisdn: '+1', kind: 'begin' }));
    expect(menu.headers.get('ussdkit-input')).toBeNull();
    const pin = await handler(post({ id: 's1', msisdn: '+1', input: '1' }));
    expect(await json(pin)).toMatchObject({ type: 'screen', text: 'PIN?', secret: true });
    expect(pin.headers.get('ussdkit-input')).toBe('secret');
  });

  it('reads a GET without a body or content type from its query', async () => {
    const onClose = vi.fn();
    const handler = gateway(testApp(onClose));
    await handler(post({ id: 'g1', msisdn: '+1', kind: 'begin' }));
    const ended = await handler(new Request('https://app.example/jsonco?id=g1'));
    expect([ended.status, await json(ended)]).toEqual([200, { type: 'ended' }]);
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({
      sessionId: 'g1',
      reason: { type: 'Timeout' },
    });
  });

  it('dispatches the events a request stands for in turn and writes the last answer', async () => {
    const onClose = vi.fn();
    const handler = gateway(testApp(onClose));
    await handler(post({ id: 'r1', msisdn: '+1', kind: 'begin' }));
    await handler(post({ id: 'r1', msisdn: '+1', input: '1' }));
    // The same id begins again: the earlier session is ended, a new one shows the menu.
    const again = await handler(post({ id: 'r1', msisdn: '+1', kind: 'redial' }));
    expect(await json(again)).toMatchObject({ type: 'screen', text: 'Menu\n1. PIN\n2. Terms' });
    expect(onClose.mock.calls.map(([info]) => info.reason.type)).toEqual(['Abandon']);
  });

  it("cuts a screen to the provider's screenLimit, which an option overrides", async () => {
    const app = testApp();
    const cut = defineGateway({ ...declaration, screenLimit: 60 })(app);
    await cut(post({ id: 'c1', msisdn: '+1', kind: 'begin' }));
    const terms = await json(await cut(post({ id: 'c1', msisdn: '+1', input: '2' })));
    expect(terms.text).toHaveLength(60);
    expect(terms.text).toMatch(/^Terms: all of this applies\..*\.\.\.$/);
    const wide = defineGateway({ ...declaration, screenLimit: 60 })(app, { screenLimit: 182 });
    await wide(post({ id: 'c2', msisdn: '+1', kind: 'begin' }));
    const whole = await json(await wide(post({ id: 'c2', msisdn: '+1', input: '2' })));
    expect(whole.text).toBe(`Terms: ${'all of this applies. '.repeat(6)}`);
  });
});
