// examples/from-ussd-menu-builder/src/banking/original.ts: a banking app on ussd-menu-builder
// Built from the menu of the README's "Defining states" section (Load Account, View Catalogue,
// Check Balance, `defaultNext: 'invalidOption'`), with a PIN checked by an asynchronous `next`
// function (the README's "Mapping to an async function with promise").
import UssdMenu from 'ussd-menu-builder';
import type { Services } from '../services';

export function bankingMenu(services: Services): UssdMenu {
  const menu = new UssdMenu();

  menu.startState({
    run: () => {
      menu.con(
        'Choose Option' + '\n1. Load Account' + '\n2. View Catalogue' + '\n3. Check Balance',
      );
    },
    next: {
      '1': 'loadAccount',
      '2': 'catalogue',
      '3': 'balance',
    },
    defaultNext: 'invalidOption',
  });

  menu.state('loadAccount', {
    run: () => {
      menu.con('Enter amount to load:');
    },
    next: {
      '*^\\d+$': 'loadAccount.amount',
    },
  });

  menu.state('loadAccount.amount', {
    run: () => {
      const amount = Number(menu.val);
      services.deposit(menu.args.phoneNumber, amount).then((balance) => {
        menu.end(`Loaded KES ${amount}. New balance: KES ${balance}`);
      });
    },
  });

  menu.state('catalogue', {
    run: () => {
      menu.end('Savings: 3% a year\nFixed deposit: 7% a year');
    },
  });

  menu.state('balance', {
    run: () => {
      menu.con('Enter your PIN:');
    },
    next: {
      '*^\\d{4}$': () =>
        services
          .checkPin(menu.args.phoneNumber, menu.val)
          .then((ok) => (ok ? 'balance.show' : 'balance.wrongPin')),
    },
  });

  menu.state('balance.show', {
    run: () => {
      services.fetchBalance(menu.args.phoneNumber).then((balance) => {
        menu.end(`Your balance is KES ${balance}`);
      });
    },
  });

  menu.state('balance.wrongPin', {
    run: () => {
      menu.end('Wrong PIN.');
    },
  });

  menu.state('invalidOption', {
    run: () => {
      menu.end('Invalid option.');
    },
  });

  return menu;
}
