// examples/from-ussd-menu-builder/src/marketplace/original.ts: rows from a database, listed by id
// The most common shape of a real ussd-menu-builder menu: each screen lists rows as `<id>: <name>`
// (ids with gaps), a catch-all rule (`'*\\d+'`) takes any number, and the next state looks the row
// up, ending the session when there is none. Earlier inputs are read back from `menu.args.text`.
import UssdMenu from 'ussd-menu-builder';
import type { Catalogue } from './catalogue';

export function marketplaceMenu(db: Catalogue): UssdMenu {
  const menu = new UssdMenu();
  /** The inputs so far: `1*9*43` -> ['1', '9', '43']. */
  const inputs = () => menu.args.text.split('*');

  menu.startState({
    run: () => {
      menu.con('Welcome to Soko\n1. Buy\n2. Help');
    },
    next: { '1': 'buy', '2': 'help' },
  });

  menu.state('help', {
    run: () => {
      menu.end('Call 0700 000 000 for help.');
    },
  });

  menu.state('buy', {
    run: async () => {
      const rows = await db.categories();
      menu.con(`Choose a category:\n${rows.map((row) => `${row.id}: ${row.name}`).join('\n')}`);
    },
    next: { '*\\d+': 'buy.category' },
  });

  menu.state('buy.category', {
    run: async () => {
      const category = await db.category(Number(menu.val));
      if (category === undefined) return menu.end('Unknown category.');
      const rows = await db.products(category.id);
      const lines = rows.map((row) => `${row.id}: ${row.name} KES ${row.price}`);
      menu.con(`${category.name}:\n${lines.join('\n')}`);
    },
    next: { '*\\d+': 'buy.product' },
  });

  menu.state('buy.product', {
    run: async () => {
      const product = await db.product(Number(menu.val));
      if (product === undefined) return menu.end('Unknown product.');
      menu.con(`${product.name}, KES ${product.price} each.\nHow many?`);
    },
    next: { '*^[1-9]\\d*$': 'buy.quantity' },
  });

  menu.state('buy.quantity', {
    run: async () => {
      const [, , productId = ''] = inputs();
      const product = await db.product(Number(productId));
      const quantity = Number(menu.val);
      await db.order(menu.args.phoneNumber, Number(productId), quantity);
      menu.end(`Ordered ${quantity} x ${product?.name}: KES ${quantity * (product?.price ?? 0)}.`);
    },
  });

  return menu;
}
