// examples/from-ussd-menu-builder/src/registration/original.ts: a registration flow
// Built from the README's "Matching with regular expressions" example (the `registration` and
// `registration.name` states) and its "Sessions" section (`menu.sessionConfig` over local memory,
// `menu.session.set` / `get`), with a start menu and a details screen around them.
import UssdMenu from 'ussd-menu-builder';
import type { Services } from '../services';

export function registrationMenu(services: Services): UssdMenu {
  const menu = new UssdMenu();
  const sessions: Record<string, Record<string, unknown>> = {};

  menu.sessionConfig({
    start: (sessionId, callback) => {
      if (!(sessionId in sessions)) sessions[sessionId] = {};
      callback?.();
    },
    end: (sessionId, callback) => {
      delete sessions[sessionId];
      callback?.();
    },
    set: (sessionId, key, value, callback) => {
      const session = sessions[sessionId];
      if (session !== undefined) session[key] = value;
      callback?.();
    },
    get: (sessionId, key, callback) => {
      callback?.(null, sessions[sessionId]?.[key]);
    },
  });

  menu.startState({
    run: () => {
      menu.con('Welcome to Jamii Sacco' + '\n1. Register' + '\n2. My details');
    },
    next: {
      '1': 'registration',
      '2': 'details',
    },
  });

  menu.state('registration', {
    run: () => {
      menu.con('Enter your name');
    },
    next: {
      '*[a-zA-Z]+': 'registration.name',
    },
  });

  menu.state('registration.name', {
    run: () => {
      menu.session.set('name', menu.val).then(() => {
        menu.con('Enter your email');
      });
    },
    next: {
      '*\\w+@\\w+\\.\\w+': 'registration.email',
    },
  });

  menu.state('registration.email', {
    run: () => {
      const email = menu.val;
      menu.session.get('name').then(async (name: string) => {
        await services.register(menu.args.phoneNumber, { name, email });
        menu.end(`Thank you, ${name}. We will write to ${email}.`);
      });
    },
  });

  menu.state('details', {
    run: () => {
      services.registration(menu.args.phoneNumber).then((person) => {
        if (person === undefined) menu.end('You are not registered yet.');
        else menu.end(`Name: ${person.name}\nEmail: ${person.email}`);
      });
    },
  });

  return menu;
}
