import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../../../test/gateway';
import { createApp } from '../../createApp';

const state = z.object({ amount: z.number().default(0), plan: z.string().optional() });

const payments = (operationId?: string) =>
  createApp({
    state,
    start: 'amount',
    screens: ({ input, merchantPayment, embeddedProcess, redirect, info }) => ({
      amount: input({
        text: 'Amount?',
        validate: z.coerce.number().positive(),
        targets: ['pay'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('pay');
        },
      }),
      pay: merchantPayment({
        sessionTag: 'payment',
        payment: (ctx) => ({
          merchantCode: 'M-1',
          amount: ctx.state.amount,
          ...(operationId ? { operationId } : {}),
        }),
        onSuccess: 'kyc',
        targets: ['failed'],
        onFailure: ({ cause }, ctx) => {
          ctx.state.plan = cause;
          return ctx.go('failed');
        },
        onUnknown: 'pending',
      }),
      kyc: embeddedProcess({
        processId: 'kyc-check',
        params: (ctx) => ({ amount: String(ctx.state.amount) }),
        targets: ['bills'],
        next: (result, ctx) => {
          ctx.state.plan = result.level;
          return ctx.go('bills');
        },
      }),
      bills: redirect({
        destinationAppId: 'bills-app',
        process: { id: 'pay-bill', params: { ref: 'A1' } },
        targets: ['done'],
        onReturn: (result, ctx) => {
          ctx.state.plan = `${ctx.state.plan}/${result.status}`;
          return ctx.go('done');
        },
      }),
      done: info({ text: (ctx) => `Done ${ctx.state.plan}` }),
      failed: info({ text: (ctx) => `Failed: ${ctx.state.plan}` }),
      pending: info({ text: 'We will confirm by SMS' }),
    }),
  });

describe('processes', () => {
  it('runs a merchant payment with a generated operationId, then embedded process and redirect', async () => {
    const phone = gateway(payments());
    await phone.dial();
    const run = await phone.send('250.5');
    expect(run.sessionTag).toBe('payment');
    if (run.action.type !== 'RunProcess' || run.action.process.type !== 'MerchantPaymentProcess') {
      throw new Error('expected a merchant payment');
    }
    const { operationId } = run.action.process;
    expect(operationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(run.action.process).toEqual({
      type: 'MerchantPaymentProcess',
      operationId,
      merchantCode: 'M-1',
      amount: 250.5,
      paymentMode: { type: 'Flexible' },
    });
    const kyc = await phone.result({
      type: 'MerchantPaymentResult',
      operationId,
      status: { type: 'Success' },
    });
    expect(kyc.action).toEqual({
      type: 'RunProcess',
      process: { type: 'EmbeddedProcess', processId: 'kyc-check', params: { amount: '250.5' } },
    });
    const away = await phone.result({
      type: 'EmbeddedProcessResult',
      resultParams: { level: 'L2' },
    });
    expect(away.action).toEqual({
      type: 'Redirect',
      destinationAppId: 'bills-app',
      process: { id: 'pay-bill', params: { ref: 'A1' } },
    });
    const back = await phone.result({
      type: 'ReturnFromRedirectResult',
      resultParams: { status: 'ok' },
    });
    expect(screenOf(back)).toBe('Done L2/ok');
  });

  it('routes Failure with its cause (either wire form) and Unknown', async () => {
    const failing = gateway(payments('op-1'), 'f');
    await failing.dial();
    await failing.send('10');
    const failed = await failing.result({
      type: 'MerchantPaymentResult',
      operationId: 'op-1',
      status: { type: 'Failure', cause: 'InsufficientBalance' },
    });
    expect(screenOf(failed)).toBe('Failed: InsufficientBalance');
    const unknown = gateway(payments('op-2'), 'u');
    await unknown.dial();
    await unknown.send('10');
    const pending = await unknown.result({
      type: 'MerchantPaymentResult',
      operationId: 'op-2',
      status: { type: 'Unknown' },
    });
    expect(screenOf(pending)).toBe('We will confirm by SMS');
  });

  it('routes a cause or an outcome added upstream later without a parse error', async () => {
    // Tolerant reader: a new cause reaches onFailure as sent; a new outcome is Unknown, as the
    // spec defines it: "the result cannot be established during the session; the final result
    // comes in the developer's callback".
    const failing = gateway(payments('op-3'), 'nc');
    await failing.dial();
    await failing.send('10');
    const failed = await failing.result({
      type: 'MerchantPaymentResult',
      operationId: 'op-3',
      status: { type: 'Failure', cause: { type: 'BankOffline' } },
    });
    expect(screenOf(failed)).toBe('Failed: BankOffline');
    const later = gateway(payments('op-4'), 'no');
    await later.dial();
    await later.send('10');
    const pending = await later.result({
      type: 'MerchantPaymentResult',
      operationId: 'op-4',
      status: { type: 'Reversed' },
    });
    expect(screenOf(pending)).toBe('We will confirm by SMS');
  });

  it('answers a result for another operationId with the safe view and reports it', async () => {
    const errors: unknown[] = [];
    const app = createApp({
      state,
      start: 'pay',
      onError: (error) => errors.push(error),
      screens: ({ merchantPayment, info }) => ({
        pay: merchantPayment({
          payment: { merchantCode: 'M', amount: 5, operationId: 'op-9' },
          onSuccess: 'ok',
          onFailure: 'ok',
          onUnknown: 'ok',
        }),
        ok: info({ text: 'OK' }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    const answer = await phone.result({
      type: 'MerchantPaymentResult',
      operationId: 'other',
      status: { type: 'Success' },
    });
    expect(screenOf(answer)).toBe('Service unavailable, please try again');
    expect(errors).toHaveLength(1);
  });

  it('refuses to send an invalid process (strict writer) and reports it', async () => {
    const errors: unknown[] = [];
    const app = createApp({
      state,
      start: 'pay',
      onError: (error) => errors.push(error),
      screens: ({ merchantPayment, info }) => ({
        pay: merchantPayment({
          payment: { merchantCode: 'M', amount: 10.555 },
          onSuccess: 'ok',
          onFailure: 'ok',
          onUnknown: 'ok',
        }),
        ok: info({ text: 'OK' }),
      }),
    });
    expect(screenOf(await gateway(app).dial())).toBe('Service unavailable, please try again');
    expect(String(errors[0])).toContain('action.process.amount');
  });

  it('reports a handler that leaves an invalid state, and a computed chooser with no items', async () => {
    const errors: unknown[] = [];
    const app = createApp({
      state,
      start: 'ask',
      onError: (error) => errors.push(error),
      screens: ({ input, chooser, info }) => ({
        ask: input({
          text: 'Amount?',
          targets: ['list', 'end'],
          next: (value, ctx) => {
            if (value !== 'bad') return ctx.go('list');
            Object.assign(ctx.state, { amount: 'not a number' });
            return ctx.go('end');
          },
        }),
        list: chooser({ title: 'Pick', items: () => [], next: 'end' }),
        end: info({ text: 'End' }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('bad'))).toBe('Service unavailable, please try again');
    expect(String(errors[0])).toContain('state schema');
    expect(screenOf(await phone.send('ok'))).toBe('Service unavailable, please try again');
    expect(String(errors[1])).toContain('has no items');
  });

  it('returns from a redirect with result params', async () => {
    const app = createApp({
      state,
      start: 'menu',
      entry: { redirect: { topUp: { params: z.object({ plan: z.string() }), screen: 'back' } } },
      screens: ({ returnFromRedirect, info }) => ({
        menu: info({ text: 'Menu' }),
        back: returnFromRedirect({
          resultParams: (ctx) => ({ status: 'paid', msisdn: ctx.msisdn }),
        }),
      }),
    });
    const answer = await gateway(app).start({
      type: 'Redirect',
      process: { id: 'topUp', params: { plan: 'x' } },
    });
    expect(answer.action).toEqual({
      type: 'ReturnFromRedirect',
      resultParams: { status: 'paid', msisdn: '+2348030000000' },
    });
  });
});
