// A menu computed when shown, with typed item values; long lists are paginated.
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

interface Bundle {
  readonly sku: string;
  readonly price: number;
}

async function loadBundles(): Promise<{ label: string; value: Bundle }[]> {
  return [
    { label: '1 GB data N500', value: { sku: 'data-1gb', price: 500 } },
    { label: '2 GB data N900', value: { sku: 'data-2gb', price: 900 } },
  ];
}

export const app = createApp({
  state: z.object({ sku: z.string().optional(), price: z.number().optional() }),
  start: 'bundles',
  screens: ({ chooser, info }) => ({
    bundles: chooser({
      title: 'Pick a bundle',
      items: () => loadBundles(), // kept in the session until one is chosen
      targets: ['chosen'],
      next: (item, ctx) => {
        // item: { key, label, value: Bundle | undefined, index }
        ctx.state.sku = item.value?.sku;
        ctx.state.price = item.value?.price;
        return ctx.go('chosen');
      },
    }),
    chosen: info({ text: (ctx) => `You picked ${ctx.state.sku} for N${ctx.state.price}.` }),
  }),
});
