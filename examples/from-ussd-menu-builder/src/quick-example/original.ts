// examples/from-ussd-menu-builder/src/quick-example/original.ts: the README's Quick Example
// From ussd-menu-builder's README (github.com/habbes/ussd-menu-builder, v1.2.0), as written there;
// only `fetchBalance` and `buyAirtime`, which the README leaves to the reader,
// come from `services`.
import UssdMenu from 'ussd-menu-builder';
import type { Services } from '../services';

// `options` is ours: `{ provider: 'hubtel' }` serves the same states on Hubtel (since 1.1.0).
export function quickExampleMenu(
  services: Services,
  options: UssdMenu.UssdMenuOptions = {},
): UssdMenu {
  const menu = new UssdMenu(options);

  menu.startState({
    run: () => {
      menu.con('Welcome. Choose option:' + '\n1. Show Balance' + '\n2. Buy Airtime');
    },
    next: {
      '1': 'showBalance',
      '2': 'buyAirtime',
    },
  });

  menu.state('showBalance', {
    run: () => {
      services.fetchBalance(menu.args.phoneNumber).then((bal) => {
        // biome-ignore lint/style/useTemplate: as the README writes it
        menu.end('Your balance is KES ' + bal);
      });
    },
  });

  menu.state('buyAirtime', {
    run: () => {
      menu.con('Enter amount:');
    },
    next: {
      '*\\d+': 'buyAirtime.amount',
    },
  });

  menu.state('buyAirtime.amount', {
    run: () => {
      const amount = Number(menu.val);
      services.buyAirtime(menu.args.phoneNumber, amount).then(() => {
        menu.end('Airtime bought successfully.');
      });
    },
  });

  return menu;
}
