// examples/from-ussd-menu-builder/src/marketplace/port.ts: rows from a database, on ussdkit
import { createApp } from '@ussdkit/router';
import { z } from 'zod';
import type { Catalogue } from './catalogue';

export function marketplaceApp(db: Catalogue) {
  return createApp({
    state: z.object({
      categoryId: z.number().optional(),
      productId: z.number().optional(),
      receipt: z.string().optional(),
    }),
    start: 'start',
    navigation: false,
    screens: ({ chooser, input, info }) => ({
      start: chooser({
        title: 'Welcome to Soko',
        items: [
          { label: 'Buy', next: 'buy' },
          { label: 'Help', next: 'help' },
        ],
      }),
      help: info({ text: 'Call 0700 000 000 for help.' }),
      // Rows listed by id: computed items with their own keys (the row's id, gaps and all) and
      // the separator the original wrote. A key that is no row's id is asked again.
      buy: chooser({
        title: 'Choose a category:',
        separator: ': ',
        items: async () =>
          (await db.categories()).map((row) => ({
            key: String(row.id),
            label: row.name,
            value: row.id,
          })),
        targets: ['category'],
        next: (row, ctx) => {
          ctx.state.categoryId = row.value;
          return ctx.go('category');
        },
      }),
      category: chooser({
        title: async (ctx) => `${(await db.category(ctx.state.categoryId ?? 0))?.name}:`,
        separator: ': ',
        items: async (ctx) =>
          (await db.products(ctx.state.categoryId ?? 0)).map((row) => ({
            key: String(row.id),
            label: `${row.name} KES ${row.price}`,
            value: row.id,
          })),
        targets: ['quantity'],
        next: (row, ctx) => {
          ctx.state.productId = row.value;
          return ctx.go('quantity');
        },
      }),
      quantity: input({
        text: async (ctx) => {
          const product = await db.product(ctx.state.productId ?? 0);
          return `${product?.name}, KES ${product?.price} each.\nHow many?`;
        },
        validate: z
          .string()
          .regex(/^[1-9]\d*$/, 'Type a number of items, e.g. 2.')
          .transform(Number),
        targets: ['ordered'],
        next: async (quantity, ctx) => {
          const product = await db.product(ctx.state.productId ?? 0);
          await db.order(ctx.msisdn, ctx.state.productId ?? 0, quantity);
          ctx.state.receipt = `Ordered ${quantity} x ${product?.name}: KES ${quantity * (product?.price ?? 0)}.`;
          return ctx.go('ordered');
        },
      }),
      ordered: info({ text: (ctx) => ctx.state.receipt ?? '' }),
    }),
  });
}
