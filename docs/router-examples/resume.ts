// Resume: a session that dropped is offered back on the next dial; a slow call stops at the deadline.
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

/** Stands for your biller's API: `fetch(url, { signal })` stops the same way. */
function billOf(meter: string, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const reply = setTimeout(() => resolve(meter.length * 1500), 10);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(reply);
        reject(signal.reason); // a TimeoutError once the event passed deadlineMs
      },
      { once: true },
    );
  });
}

export const app = createApp({
  state: z.object({ meter: z.string().optional(), bill: z.number().optional() }),
  start: 'meter',
  // A drop (Timeout) on an input or a menu is offered back for 5 minutes; add 'Abandon' to `on`
  // to offer sessions the customer cancelled too.
  resume: { withinMs: 5 * 60_000, on: ['Timeout'] },
  screens: ({ input, info }) => ({
    meter: input({
      text: 'Meter number?',
      targets: ['pin'],
      next: async (meter, ctx) => {
        ctx.state.meter = meter;
        ctx.state.bill = await billOf(meter, ctx.signal);
        return ctx.go('pin');
      },
    }),
    pin: input({
      text: (ctx) => `Your bill is NGN ${ctx.state.bill}. PIN to pay?`,
      secret: true,
      next: 'paid',
    }),
    paid: info({ text: (ctx) => `Paid NGN ${ctx.state.bill} for meter ${ctx.state.meter}.` }),
  }),
});
