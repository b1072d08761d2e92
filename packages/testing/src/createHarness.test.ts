import { describe, expect, it } from 'vitest';
import { createHarness } from './createHarness';
import { HarnessAssertionError, HarnessError } from './HarnessError';
import type { UssdHandler } from './UssdHandler';

interface Received {
  path: string;
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  body: Record<string, unknown> & { result?: Record<string, unknown>; input?: unknown };
}

/**
 * A hand-written wire app (no router), so the harness's gateway behaviour is checked on its own:
 * it keeps its step in contextData and records every event it receives.
 */
function wireApp(): UssdHandler & { received: Received[] } {
  const received: Received[] = [];
  const show = (view: object, contextData: string) => ({
    status: 200,
    body: { action: { type: 'ShowView', view }, contextData },
  });
  const menu = {
    type: 'ChooserView',
    title: 'Menu',
    items: [
      { accessKey: '1', label: 'Airtime' },
      { accessKey: '2', label: 'Pay' },
      { accessKey: '3', label: 'Elsewhere' },
      { accessKey: '4', label: 'Embedded' },
    ],
  };
  return {
    received,
    async handle(request) {
      const body = JSON.parse(request.body) as Received['body'];
      received.push({ path: request.path, headers: request.headers, body });
      const event = request.path.split('/').pop();
      if (event === 'close' || event === 'abort') return { status: 204 };
      if (event === 'new') {
        const input = body.input as {
          type: string;
          contextData?: string;
          process?: { id: string };
        };
        if (input.type === 'Push')
          return show({ type: 'InputView', message: `Push: ${input.contextData}` }, 'amount');
        if (input.type === 'Redirect') {
          return {
            status: 200,
            body: {
              action: {
                type: 'ReturnFromRedirect',
                resultParams: { ran: input.process?.id ?? '' },
              },
              contextData: '',
            },
          };
        }
        return { status: 200, body: { ...show(menu, 'menu').body, sessionTag: 'menu' } };
      }
      const result = body.result ?? {};
      const step = String(body.contextData);
      if (step === 'menu' && result.value === '1')
        return show({ type: 'InputView', message: 'Amount?' }, 'amount');
      if (step === 'menu' && result.value === '2') {
        const process = {
          type: 'MerchantPaymentProcess',
          operationId: 'op-1',
          merchantCode: 'M1',
          amount: 100,
          paymentMode: { type: 'Flexible' },
        };
        return {
          status: 200,
          body: { action: { type: 'RunProcess', process }, contextData: 'pay' },
        };
      }
      if (step === 'menu' && result.value === '3') {
        return {
          status: 200,
          body: {
            action: {
              type: 'Redirect',
              destinationAppId: 'kyc-app',
              process: { id: 'verify', params: {} },
            },
            contextData: 'away',
          },
        };
      }
      if (step === 'menu' && result.value === '4') {
        const process = { type: 'EmbeddedProcess', processId: 'bvn', params: {} };
        return {
          status: 200,
          body: { action: { type: 'RunProcess', process }, contextData: 'embedded' },
        };
      }
      if (step === 'amount') {
        if (result.value === 'oops') return { status: 200, body: { action: { type: 'Nope' } } };
        return show({ type: 'InfoView', message: `Bought ${String(result.value)}` }, 'done');
      }
      return show({ type: 'InfoView', message: `Result: ${JSON.stringify(result)}` }, 'done');
    },
  };
}

describe('createHarness', () => {
  it('dials, shows the chooser as the gateway renders it, picks and types', async () => {
    const app = wireApp();
    const session = await createHarness(app).dial('*384*1*5#', { msisdn: '+2348031111111' });
    session.expectScreen('Menu\n1. Airtime\n2. Pay\n3. Elsewhere\n4. Embedded');
    expect(session.sessionTag).toBe('menu');
    expect(app.received[0]?.body).toMatchObject({
      msisdn: '+2348031111111',
      operator: 'mtn',
      input: { type: 'Dial', shortcodeString: '*384*1*5#' },
    });
    await session.pick('Airtime');
    session.expectScreen('Amount?');
    expect(app.received[1]?.body).toMatchObject({
      result: { type: 'InputResult', value: '1' },
      contextData: 'menu',
    });
    await session.type('500');
    session.expectScreen('Bought 500').expectClosed('End');
    expect(session.open).toBe(false);
    expect(app.received.map((r) => r.path)).toEqual([
      '/ussdSessionEvent/new',
      '/ussdSessionEvent/continue',
      '/ussdSessionEvent/continue',
      '/ussdSessionEvent/close',
    ]);
    expect(app.received[3]?.body).toMatchObject({ reason: { type: 'End' }, contextData: 'done' });
    expect(session.answers).toHaveLength(3);
  });

  it('re-asks an invalid choice without calling the app', async () => {
    const app = wireApp();
    const session = await createHarness(app).dial('*384*1#');
    await session.type('9');
    expect(app.received).toHaveLength(1);
    session.expectScreen(
      'Invalid choice. Try again.\nMenu\n1. Airtime\n2. Pay\n3. Elsewhere\n4. Embedded',
    );
    await session.type('1');
    session.expectScreen('Amount?');
    expect(app.received[1]?.body.result).toEqual({ type: 'InputResult', value: '1' });
  });

  // spec, ChooserView rules: "The customer must enter text equal to one accessKey." The sandbox
  // gateway compares without trimming (chooseItem), and so does the harness.
  it.each([' 1', '1 ', '01'])('re-asks %j: only text equal to an accessKey picks', async (text) => {
    const app = wireApp();
    const session = await createHarness(app).dial('*384*1#');
    await session.type(text);
    expect(app.received).toHaveLength(1);
    session.expectScreen(
      'Invalid choice. Try again.\nMenu\n1. Airtime\n2. Pay\n3. Elsewhere\n4. Embedded',
    );
  });

  it('delivers merchant payment results with the process operationId', async () => {
    const app = wireApp();
    const session = await createHarness(app).dial('*384*1#');
    await session.pick('2');
    expect(session.waiting).toMatchObject({ kind: 'process', process: { operationId: 'op-1' } });
    await session.paymentResult('Failure', 'InsufficientBalance');
    expect(app.received[2]?.body.result).toEqual({
      type: 'MerchantPaymentResult',
      operationId: 'op-1',
      status: { type: 'Failure', cause: { type: 'InsufficientBalance' } },
    });
    session.expectScreen(/InsufficientBalance/);
  });

  it('delivers embedded results and returns from a redirect', async () => {
    const app = wireApp();
    const phone = createHarness(app);
    const embedded = await phone.dial('*384*1#');
    await embedded.pick('Embedded');
    await embedded.embeddedResult({ bvn: '123' });
    embedded.expectScreen('Result: {"type":"EmbeddedProcessResult","resultParams":{"bvn":"123"}}');

    const redirected = await phone.dial('*384*1#');
    await redirected.pick('Elsewhere');
    expect(redirected.waiting).toEqual({
      kind: 'redirect',
      destinationAppId: 'kyc-app',
      process: { id: 'verify', params: {} },
    });
    await redirected.returnFromRedirect({ ok: 'yes' });
    redirected.expectScreen(
      'Result: {"type":"ReturnFromRedirectResult","resultParams":{"ok":"yes"}}',
    );
  });

  it('starts sessions from a push and from a redirect, carrying contextData', async () => {
    const app = wireApp();
    const phone = createHarness(app, { authToken: 'secret-token', appId: 'my-app' });
    const pushed = await phone.push('order-42');
    pushed.expectScreen('Push: order-42');
    expect(pushed.contextData).toBe('amount');
    expect(app.received[0]?.headers.authorization).toBe('secret-token');
    expect(app.received[0]?.body).toMatchObject({
      appId: 'my-app',
      input: { type: 'Push', contextData: 'order-42' },
    });

    const returned = await phone.redirectIn({ id: 'topup', params: { amount: '5' } });
    expect(returned.returnedWith).toEqual({ ran: 'topup' });
    expect(returned.closeReason).toBe('End');
  });

  it('cancels and times out like the gateway, sending close with the reason', async () => {
    const app = wireApp();
    const phone = createHarness(app);
    const cancelled = await phone.dial('*384*1#');
    await cancelled.cancel();
    cancelled.expectClosed('Abandon').expectScreen('Session cancelled.');
    const timedOut = await phone.dial('*384*1#');
    await timedOut.pick('Airtime');
    await timedOut.timeout();
    expect(timedOut.closeReason).toBe('Timeout');
    expect(app.received.at(-1)?.body).toMatchObject({
      reason: { type: 'Timeout' },
      contextData: 'amount',
    });
    await expect(timedOut.type('1')).rejects.toThrow(/session is closed \(Timeout\)/);
  });

  it("sends an abort with the reason, and the phone shows the gateway's abort screen", async () => {
    const app = wireApp();
    const session = await createHarness(app).dial('*384*1#');
    await session.abort({ type: 'InternalError' });
    expect(app.received.at(-1)).toMatchObject({
      path: '/ussdSessionEvent/abort',
      body: { reason: { type: 'InternalError' }, contextData: 'menu' },
    });
    session
      .expectAborted('InternalError')
      .expectScreen('Service temporarily unavailable. Please try again later.');
    expect(() => session.expectClosed('End')).toThrow(/but it is aborted with InternalError/);
    await expect(session.type('1')).rejects.toThrow(/session is closed \(aborted, InternalError\)/);
  });

  it('fails readably: screen mismatch with a diff and the transcript', async () => {
    const session = await createHarness(wireApp()).dial('*384*1#');
    await session.type('7');
    let error: unknown;
    try {
      session.expectScreen('Menu\n1. Airtime\n2. Data');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HarnessAssertionError);
    const message = (error as Error).message;
    expect(message).toContain('Expected screen (- expected, + actual):');
    expect(message).toContain('  - Menu\n  + Invalid choice. Try again.');
    expect(message).toContain('  + 2. Pay');
    expect(message).toContain('Transcript:\n  > dial *384*1#\n  < Menu');
    expect(message).toContain('  > 7\n  (gateway: invalid choice, asked again)');
    expect(() => session.expectScreen(/Welcome/)).toThrow(/Expected screen to match \/Welcome\//);
  });

  it('refuses impossible steps and invalid app answers with HarnessError', async () => {
    const session = await createHarness(wireApp()).dial('*384*1#');
    await expect(session.pick('Data')).rejects.toThrow(
      /cannot pick "Data": the chooser offers "Airtime" \(1\)/,
    );
    await expect(session.paymentResult('Success')).rejects.toThrow(
      /waits for chooser, not process/,
    );
    await session.pick('Airtime');
    await expect(session.type('oops')).rejects.toBeInstanceOf(HarnessError);
    await expect(session.pick('Airtime')).rejects.toThrow(/waits for input, not chooser/);
  });

  it('fails expectClosed readably and lets a redirected session be cancelled', async () => {
    const app = wireApp();
    const session = await createHarness(app).dial('*384*1#');
    expect(() => session.expectClosed('End')).toThrow(
      /Expected the session to be closed with End, but it is still open\.\n\nScreen:\nMenu/,
    );
    await session.pick('Elsewhere');
    await session.cancel();
    expect(() => session.expectClosed('Timeout')).toThrow(/but it is closed with Abandon/);
    expect(app.received.at(-1)).toMatchObject({
      path: '/ussdSessionEvent/close',
      body: { reason: { type: 'Abandon' }, contextData: 'away' },
    });
  });
});
