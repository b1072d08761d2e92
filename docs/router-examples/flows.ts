// Flows: "confirm and pay" declared once, called from two screens, returning a typed result.
import { createApp, defineFlow } from '@ussdkit/router';
import { z } from 'zod';

const outcome = z.discriminatedUnion('paid', [
  z.object({ paid: z.literal(true), reference: z.string() }),
  z.object({ paid: z.literal(false), reason: z.string() }),
]);

/** Your wallet or bank; here, PIN 1234 pays. */
async function charge(amount: number, pin: string): Promise<string | undefined> {
  return pin === '1234' ? `REF-${amount}` : undefined;
}

/** The flow: its own state, typed params in, a typed result out. */
export const confirmAndPay = defineFlow({
  state: z.object({ amount: z.number(), to: z.string() }),
  params: z.object({ amount: z.number().positive(), to: z.string() }),
  result: outcome,
  initialState: (params) => params,
  start: 'confirm',
  screens: ({ chooser, input }, { finish }) => ({
    confirm: chooser({
      title: (ctx) => `Pay NGN ${ctx.state.amount} for ${ctx.state.to}?`,
      items: [{ label: 'Confirm', next: 'pin' }, { label: 'Cancel' }],
      targets: ['pin', '@return'],
      next: () => finish({ paid: false, reason: 'cancelled' }),
    }),
    pin: input({
      text: 'Your 4-digit PIN',
      secret: true,
      validate: z.string().regex(/^\d{4}$/, 'Four digits please'),
      targets: ['@return'],
      next: async (pin, ctx) => {
        const reference = await charge(ctx.state.amount, pin);
        return finish(
          reference === undefined
            ? { paid: false, reason: 'wrong PIN' }
            : { paid: true, reference },
        );
      },
    }),
  }),
});

const receipt = (result: z.output<typeof outcome>) =>
  result.paid ? `Paid, ref ${result.reference}.` : `Not paid (${result.reason}).`;

/** The app mounts it as `pay` and calls it from two places. */
export const app = createApp({
  state: z.object({ receipt: z.string().default('') }),
  start: 'menu',
  flows: { pay: confirmAndPay },
  screens: ({ chooser, callFlow, info }) => ({
    menu: chooser({
      title: 'Shop',
      items: [
        { label: 'Airtime NGN 100', next: 'airtime' },
        { label: 'Data NGN 500', next: 'data' },
      ],
    }),
    airtime: callFlow({
      flow: 'pay',
      params: { amount: 100, to: 'airtime' },
      targets: ['done'],
      next: (result, ctx) => {
        ctx.state.receipt = receipt(result);
        return ctx.go('done');
      },
    }),
    data: callFlow({
      flow: 'pay',
      params: { amount: 500, to: '1 GB data' },
      targets: ['done'],
      next: (result, ctx) => {
        ctx.state.receipt = receipt(result);
        return ctx.go('done');
      },
    }),
    done: info({ text: (ctx) => ctx.state.receipt }),
  }),
});
