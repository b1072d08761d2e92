import { createUpstreamValidator } from '@ussdkit/protocol/contract';
import { contextDataStore, createApp } from '@ussdkit/router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHarness } from './createHarness';
import type { HarnessSession } from './HarnessSession';

const validator = createUpstreamValidator();

/** A small real router app: menu, validated input, payment, redirect, push and redirect-in entries. */
function shop(store?: ReturnType<typeof contextDataStore>) {
  return createApp({
    state: z.object({ amount: z.number().optional(), from: z.string().optional() }),
    start: 'menu',
    ...(store === undefined ? {} : { store }),
    entry: {
      push: {
        data: z.object({ order: z.string() }),
        screen: 'amount',
        onStart: (data, ctx) => {
          ctx.state.from = data.order;
        },
      },
      redirect: { topup: { params: z.object({ amount: z.string() }), screen: 'back' } },
    },
    screens: ({ chooser, input, info, merchantPayment, redirect, returnFromRedirect }) => ({
      menu: chooser({
        title: 'Welcome',
        items: [
          { label: 'Buy airtime', next: 'amount' },
          { label: 'Verify me', next: 'kyc' },
        ],
      }),
      amount: input({
        text: (ctx) => (ctx.state.from === undefined ? 'Amount?' : `Amount for ${ctx.state.from}?`),
        validate: z.coerce.number().int().min(50, 'At least 50'),
        targets: ['pay'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('pay');
        },
      }),
      pay: merchantPayment({
        payment: (ctx) => ({
          merchantCode: 'M1',
          amount: ctx.state.amount ?? 0,
          operationId: 'op-fixed',
        }),
        onSuccess: 'paid',
        onFailure: 'failed',
        onUnknown: 'failed',
      }),
      paid: info({ text: (ctx) => `Paid ${ctx.state.amount}. Thank you!` }),
      failed: info({ text: 'Payment failed.' }),
      kyc: redirect({
        destinationAppId: 'kyc-app',
        process: { id: 'verify' },
        onReturn: 'verified',
      }),
      verified: info({ text: 'Verified.' }),
      back: returnFromRedirect({ resultParams: { done: 'yes' } }),
    }),
  });
}

function expectValidAnswers(session: HarnessSession) {
  for (const answer of session.answers) expect(validator.appResponse(answer).errors).toEqual([]);
}

describe('the harness on a real router app', () => {
  it('buys airtime through menus, validation and a payment', async () => {
    const session = await createHarness(shop()).dial('*384*1#');
    session.expectScreen(/^Welcome\n1\. Buy airtime\n2\. Verify me/);
    await session.pick('Buy airtime');
    session.expectScreen('Amount?');
    await session.type('10');
    session.expectScreen(/At least 50/);
    await session.type('500');
    expect(session.waiting).toMatchObject({
      kind: 'process',
      process: { operationId: 'op-fixed', amount: 500 },
    });
    await session.paymentResult('Success');
    session.expectScreen('Paid 500. Thank you!').expectClosed('End');
    expectValidAnswers(session);
  });

  it('re-asks an invalid choice without calling the app', async () => {
    const events: string[] = [];
    const app = shop();
    const counting = {
      handle: (request: Parameters<typeof app.handle>[0]) => {
        events.push(request.path);
        return app.handle(request);
      },
    };
    const session = await createHarness(counting).dial('*384*1#');
    await session.type('7');
    expect(events).toEqual(['/ussdSessionEvent/new']);
    session.expectScreen(/^Invalid choice\. Try again\.\nWelcome/);
  });

  it('redirects away and back, and serves redirect-in and push entries', async () => {
    const phone = createHarness(shop());
    const away = await phone.dial('*384*1#');
    await away.pick('Verify me');
    expect(away.waiting).toMatchObject({ kind: 'redirect', destinationAppId: 'kyc-app' });
    await away.returnFromRedirect({ ok: '1' });
    away.expectScreen('Verified.');

    const called = await phone.redirectIn({ id: 'topup', params: { amount: '5' } });
    expect(called.returnedWith).toEqual({ done: 'yes' });

    const pushed = await phone.push(JSON.stringify({ order: 'A17' }));
    pushed.expectScreen('Amount for A17?');
    for (const session of [away, called, pushed]) expectValidAnswers(session);
  });

  it('carries the session in contextData with the stateless store', async () => {
    const session = await createHarness(shop(contextDataStore({ secret: 'x'.repeat(32) }))).dial(
      '*384*1#',
    );
    expect(session.contextData).toMatch(/^v2\./);
    await session.pick('Buy airtime');
    await session.type('75');
    await session.paymentResult('Failure', 'InsufficientBalance');
    session.expectScreen('Payment failed.');
    expectValidAnswers(session);
  });

  it('aborts a LegacyAppRedirect with InternalError and a sentence naming the URI, as the sandbox', async () => {
    const app = createApp({
      state: z.object({}),
      start: 'legacy',
      screens: ({ legacyAppRedirect }) => ({
        legacy: legacyAppRedirect({ uri: 'https://legacy.example/ussd' }),
      }),
    });
    const events: string[] = [];
    const counting = {
      handle: (request: Parameters<typeof app.handle>[0]) => {
        events.push(request.path);
        return app.handle(request);
      },
    };
    const session = await createHarness(counting, { appId: 'caller' }).dial('*384*1#');
    expect(events).toEqual(['/ussdSessionEvent/new', '/ussdSessionEvent/abort']);
    session
      .expectAborted('InternalError')
      .expectScreen('Service temporarily unavailable. Please try again later.');
    expect(session.open).toBe(false);
    expect(session.abortMessage).toBe(
      'App caller answered LegacyAppRedirect to https://legacy.example/ussd, which the sandbox cannot follow: it has no legacy USSD apps, and their protocol is not published; test that hand-over against the real service, or Redirect to an app of the sandbox (POST /sandbox/apps).',
    );
    expect(session.transcript.at(-1)).toBe(
      `(gateway: abort InternalError: ${session.abortMessage})`,
    );
    expectValidAnswers(session);
  });

  it('times out and cancels', async () => {
    const phone = createHarness(shop());
    const idle = await phone.dial('*384*1#');
    await idle.timeout();
    idle.expectClosed('Timeout');
    const cancelled = await phone.dial('*384*1#');
    await cancelled.pick('Buy airtime');
    await cancelled.cancel();
    expect(cancelled.closeReason).toBe('Abandon');
  });

  it('routes a dial on extra short-code segments and pages a long chooser like the phone', async () => {
    const app = createApp({
      state: z.object({}),
      start: 'menu',
      entry: { dial: { '5': 'airtime' } },
      screens: ({ chooser, input, info }) => ({
        menu: chooser({
          title: 'Welcome',
          items: [
            { label: 'Airtime', next: 'airtime' },
            { label: 'Plans', next: 'plans' },
          ],
        }),
        airtime: input({ text: 'Amount?', next: 'done' }),
        plans: chooser({
          title: 'Plans',
          items: Array.from({ length: 12 }, (_, i) => ({
            label: `Plan number ${i + 1} with a long name`,
            next: 'done' as const,
          })),
        }),
        done: info({ text: 'Done' }),
      }),
    });
    const phone = createHarness(app);
    (await phone.dial('*384*1*5#')).expectScreen('Amount?');

    const session = await phone.dial('*384*1#');
    await session.pick('Plans');
    session.expectScreen(/^Plans\n1\. Plan number 1 with a long name\n/);
    expect(session.screen.length).toBeLessThanOrEqual(182);
    await session.pick('More');
    session.expectScreen(/^Plans\n5\. Plan number 5 with a long name\n/);
    await session.pick('Back');
    session.expectScreen(/^Plans\n1\. Plan number 1/);
    await session.pick('Plan number 2 with a long name');
    session.expectScreen('Done').expectClosed('End');
    expectValidAnswers(session);
  });

  it('gets the same answer to a replayed event, and checks the screen fits', async () => {
    const session = await createHarness(shop()).dial('*384*1#');
    await session.pick('Buy airtime');
    const replayed = await session.replay();
    expect(replayed).toEqual({ status: 200, body: session.answers.at(-1) });
    await session.type('500');
    expect(session.waiting.kind).toBe('process');
    session.expectScreen('Amount?').expectScreenFits();
    expect(() => session.expectScreenFits({ gsm7: 5 })).toThrow(
      /Expected the screen to fit: it takes 7 of 5 \(GSM7\)/,
    );
  });
});
