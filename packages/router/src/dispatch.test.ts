import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from './index';

const ids = { clientId: 'c', appId: 'a' };
const dialled = (sessionId: string) => ({
  type: 'new' as const,
  body: {
    ...ids,
    sessionId,
    msisdn: '+2348030000000',
    operator: 'mtn',
    input: { type: 'Dial' as const, shortcodeString: '*384*1#' },
  },
});

function pinApp(authToken?: string) {
  return createApp({
    state: z.object({}),
    start: 'menu',
    ...(authToken === undefined ? {} : { authToken }),
    onError: () => undefined,
    screens: ({ chooser, input, info }) => ({
      menu: chooser({ title: 'Pay', items: [{ label: 'Pay', next: 'pin' }] }),
      pin: input({ text: 'PIN?', secret: true, next: 'done' }),
      done: info({ text: 'Paid' }),
    }),
  });
}

describe('app.dispatch: typed events in, typed answers out', () => {
  it('answers new and continue with the command, close with 204', async () => {
    const app = pinApp();
    const opened = await app.dispatch(dialled('d-1'));
    expect(opened).toMatchObject({ status: 200, secret: false });
    if (opened.status !== 200) throw new Error('not answered');
    expect(opened.command.action).toMatchObject({ view: { type: 'ChooserView', title: 'Pay' } });
    const result = { type: 'InputResult' as const, value: '1' };
    const body = { ...ids, sessionId: 'd-1', result, contextData: opened.command.contextData };
    const pin = await app.dispatch({ type: 'continue', body });
    // The PIN screen says its next input is secret.
    expect(pin).toMatchObject({ status: 200, secret: true });
    const closed = await app.dispatch({
      type: 'close',
      body: { ...ids, sessionId: 'd-1', reason: { type: 'End' }, contextData: '' },
    });
    expect(closed).toEqual({ status: 204 });
  });

  it("checks the caller's token unless a door vouches for it", async () => {
    const app = pinApp('token-1');
    expect(await app.dispatch(dialled('d-2'))).toMatchObject({
      status: 401,
      error: { code: 'UNAUTHORIZED' },
    });
    expect(await app.dispatch(dialled('d-3'), { authorization: 'wrong' })).toMatchObject({
      status: 401,
    });
    expect(await app.dispatch(dialled('d-4'), { authorization: 'token-1' })).toMatchObject({
      status: 200,
    });
    expect(await app.dispatch(dialled('d-5'), { trusted: true })).toMatchObject({ status: 200 });
  });

  it('answers a second new of an open session 409', async () => {
    const app = pinApp();
    await app.dispatch(dialled('d-6'));
    const again = { ...dialled('d-6'), body: { ...dialled('d-6').body, msisdn: '+2348030000001' } };
    expect(await app.dispatch(again)).toMatchObject({
      status: 409,
      error: { code: 'SESSION_ALREADY_OPEN' },
    });
  });
});

describe('app.fetch: a web Request in, a Response out', () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    new Request(`https://app.example${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('answers a new event with the JSON answer, at any path ending in an endpoint', async () => {
    const app = pinApp('token-1');
    const answer = await app.fetch(
      post('/ussd/ussdSessionEvent/new', dialled('f-1').body, { authorization: 'token-1' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const command = (await answer.json()) as { action: { view: { title: string } } };
    expect(command.action.view.title).toBe('Pay');
  });

  it('marks an answer that asks a secret with the Ussdkit-Input header', async () => {
    const app = pinApp();
    const opened = await app.fetch(post('/ussdSessionEvent/new', dialled('f-2').body));
    const first = (await opened.json()) as { contextData: string };
    const result = { type: 'InputResult', value: '1' };
    const body = { ...ids, sessionId: 'f-2', result, contextData: first.contextData };
    const pin = await app.fetch(post('/ussdSessionEvent/continue', body));
    expect(pin.headers.get('ussdkit-input')).toBe('secret');
    expect(first).not.toHaveProperty('secret');
  });

  it('refuses before the body: 404, 401, 415, 405, each as JSON', async () => {
    const app = pinApp('token-1');
    const cases: [Request, number, string][] = [
      [post('/ussdSessionEvent/renew', {}), 404, 'NOT_FOUND'],
      [post('/ussdSessionEvent/new', {}), 401, 'UNAUTHORIZED'],
      [
        new Request('https://app.example/ussdSessionEvent/new', {
          method: 'POST',
          headers: { authorization: 'token-1', 'content-type': 'text/plain' },
          body: '{}',
        }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [new Request('https://app.example/ussdSessionEvent/new'), 405, 'METHOD_NOT_ALLOWED'],
    ];
    for (const [request, status, code] of cases) {
      const answer = await app.fetch(request);
      expect(answer.status).toBe(status);
      expect(await answer.json()).toMatchObject({ code });
    }
  });
});
