import type { SessionCommand } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, type DispatchResult, defineFlow, type UssdEvent } from './index';

// The memory store keeps the record the router hands it as it is (no copy per save): these
// hold it to what the copy guaranteed, that nothing the app's code or its caller still holds
// can change a stored session.

const ids = { clientId: 'c', appId: 'a' };
const phone = { msisdn: '+2348030000000', operator: 'mtn' };

const dial = (sessionId: string): UssdEvent => ({
  type: 'new',
  body: { ...ids, ...phone, sessionId, input: { type: 'Dial', shortcodeString: '*384*1#' } },
});

const send = (sessionId: string, value: string, contextData: string): UssdEvent => ({
  type: 'continue',
  body: { ...ids, sessionId, contextData, result: { type: 'InputResult', value } },
});

function commandOf(result: DispatchResult): SessionCommand {
  if (result.status !== 200) throw new Error(`answered ${result.status}`);
  return result.command;
}

/** Puts an item in a basket held in the state, and gives the basket (which a handler may keep). */
function putIn(basket: unknown, item: string): { items: string[] } {
  const held = basket as { items: string[] };
  held.items.push(item);
  return held;
}

function textOf(result: DispatchResult): string {
  const { action } = commandOf(result);
  if (action.type !== 'ShowView') throw new Error(`not a view: ${action.type}`);
  const { view } = action;
  return view.type === 'ChooserView' ? view.title : view.message;
}

describe('what a memory-store session keeps is its own', () => {
  it('a caller that changes the command it got does not change what a redelivery gets', async () => {
    const app = createApp({
      state: z.object({}),
      start: 'menu',
      screens: ({ chooser, info }) => ({
        menu: chooser({ title: 'Welcome', items: [{ label: 'Go', next: 'done' }] }),
        done: info({ text: 'Done' }),
      }),
    });
    const first = commandOf(await app.dispatch(dial('own-1')));
    if (first.action.type !== 'ShowView' || first.action.view.type !== 'ChooserView') {
      throw new Error('not a menu');
    }
    first.action.view.title = 'Changed by the caller';
    first.action.view.items.length = 0;
    // The same dial again: a redelivery, answered with the answer given before.
    const again = commandOf(await app.dispatch(dial('own-1')));
    expect(again.action).toEqual({
      type: 'ShowView',
      view: { type: 'ChooserView', title: 'Welcome', items: [{ accessKey: '1', label: 'Go' }] },
    });
    // A late event (its hop answered already) gets the same, unchanged.
    const late = await app.dispatch(send('own-1', '1', 'h0'));
    expect(textOf(late)).toBe('Welcome');
  });

  it("a handler that keeps part of the state and changes it later does not change the session's", async () => {
    let kept: { items: string[] } | undefined;
    const app = createApp({
      state: z.object({ basket: z.any() }),
      initialState: () => ({ basket: { items: [] as string[] } }),
      start: 'add',
      screens: ({ input }) => ({
        add: input({
          text: 'Item?',
          targets: ['show'],
          next: (item, ctx) => {
            kept = putIn(ctx.state.basket, item);
            return ctx.go('show');
          },
        }),
        show: input({
          text: (ctx) => `Basket: ${(ctx.state.basket as { items: string[] }).items.join(', ')}`,
          targets: ['show'],
          next: (_value, ctx) => ctx.go('show'),
        }),
      }),
    });
    const opened = commandOf(await app.dispatch(dial('own-2')));
    const added = commandOf(await app.dispatch(send('own-2', 'tea', opened.contextData)));
    expect(textOf({ status: 200, command: added, secret: false })).toBe('Basket: tea');
    kept?.items.push('smuggled');
    const shown = await app.dispatch(send('own-2', 'again', added.contextData));
    expect(textOf(shown)).toBe('Basket: tea');
  });

  it('item values a computed chooser handed out stay as they were shown', async () => {
    const offers = [{ sku: 'data-1gb' }, { sku: 'data-5gb' }];
    const app = createApp({
      state: z.object({ sku: z.string().optional() }),
      start: 'pick',
      screens: ({ chooser, info }) => ({
        pick: chooser({
          title: 'Bundle?',
          items: () => offers.map((offer) => ({ label: offer.sku, value: offer })),
          targets: ['chosen'],
          next: (item, ctx) => {
            ctx.state.sku = item.value?.sku;
            return ctx.go('chosen');
          },
        }),
        chosen: info({ text: (ctx) => `You chose ${ctx.state.sku}` }),
      }),
    });
    const opened = commandOf(await app.dispatch(dial('own-3')));
    (offers[0] as { sku: string }).sku = 'changed after the menu was shown';
    const chosen = await app.dispatch(send('own-3', '1', opened.contextData));
    expect(textOf(chosen)).toBe('You chose data-1gb');
  });

  it("a payment's mode, changed by the app after it was asked for, is not what a late event gets", async () => {
    const mode = { type: 'FixedAccount' as const, bank: 'B1', account: '0123456789' };
    const app = createApp({
      state: z.object({}),
      start: 'menu',
      screens: ({ chooser, merchantPayment, info }) => ({
        menu: chooser({ title: 'Pay?', items: [{ label: 'Pay', next: 'pay' }] }),
        pay: merchantPayment({
          payment: () => ({ merchantCode: 'M1', amount: 100, paymentMode: mode }),
          onSuccess: 'done',
          onFailure: 'done',
          onUnknown: 'done',
        }),
        done: info({ text: 'Done' }),
      }),
    });
    const opened = commandOf(await app.dispatch(dial('own-4')));
    const paying = commandOf(await app.dispatch(send('own-4', '1', opened.contextData)));
    mode.account = '9999999999';
    const late = commandOf(await app.dispatch(send('own-4', '1', opened.contextData)));
    expect(late.action).toMatchObject({
      type: 'RunProcess',
      process: { paymentMode: { type: 'FixedAccount', bank: 'B1', account: '0123456789' } },
    });
    expect(late).toEqual(paying);
  });

  it("a redirect's params, changed by the caller after the dial, stay as the session began", async () => {
    const app = createApp({
      state: z.object({}),
      start: 'menu',
      entry: { redirect: { pay: { params: z.object({ ref: z.string() }), screen: 'ask' } } },
      screens: ({ chooser, input }) => ({
        menu: chooser({ title: 'Menu', items: [{ label: 'Ask', next: 'ask' }] }),
        ask: input({
          text: (ctx) => `Ref ${ctx.start.type === 'Redirect' ? ctx.start.params.ref : '-'}?`,
          targets: ['ask'],
          next: (_value, ctx) => ctx.go('ask'),
        }),
      }),
    });
    const params = { ref: 'R-1' };
    const opened = commandOf(
      await app.dispatch({
        type: 'new',
        body: {
          ...ids,
          ...phone,
          sessionId: 'own-5',
          input: { type: 'Redirect', process: { id: 'pay', params } },
        },
      }),
    );
    params.ref = 'changed by the caller';
    const asked = await app.dispatch(send('own-5', 'x', opened.contextData));
    expect(textOf(asked)).toBe('Ref R-1?');
  });

  it("the caller's state a flow keeps while it runs is not the handler's to change", async () => {
    let kept: { items: string[] } | undefined;
    const ask = defineFlow({
      state: z.object({}),
      params: z.object({}),
      result: z.object({}),
      start: 'sure',
      screens: ({ chooser }, { finish }) => ({
        sure: chooser({
          title: 'Sure?',
          items: [{ label: 'Yes' }, { label: 'Again', value: 'again' }],
          targets: ['sure', '@return'],
          next: (item, ctx) => (item.value === 'again' ? ctx.go('sure') : finish({})),
        }),
      }),
    });
    const app = createApp({
      state: z.object({ basket: z.any() }),
      initialState: () => ({ basket: { items: [] as string[] } }),
      start: 'add',
      flows: { ask },
      screens: ({ input, info, callFlow }) => ({
        add: input({
          text: 'Item?',
          targets: ['confirm'],
          next: (item, ctx) => {
            kept = putIn(ctx.state.basket, item);
            return ctx.go('confirm');
          },
        }),
        confirm: callFlow({ flow: 'ask', params: {}, next: 'show' }),
        show: info({
          text: (ctx) => `Basket: ${(ctx.state.basket as { items: string[] }).items.join(', ')}`,
        }),
      }),
    });
    const opened = commandOf(await app.dispatch(dial('own-6')));
    const sure = commandOf(await app.dispatch(send('own-6', 'tea', opened.contextData)));
    kept?.items.push('smuggled');
    const shown = await app.dispatch(send('own-6', '1', sure.contextData));
    expect(textOf(shown)).toBe('Basket: tea');
  });
});
