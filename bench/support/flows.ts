import { createApp, type ScreenFactories } from '@ussdkit/router';
import UssdMenu from 'ussd-menu-builder';
import { z } from 'zod';
import type { Handler } from './phone';

// In a file of its own so that it bundles for the edge runtimes without ussd-menu-builder.
export { ussdkitFlow } from './ussdkitFlow';

/** A session store for ussd-menu-builder: a Map, as our memory store is. */
function umbSessions(menu: UssdMenu): void {
  const sessions = new Map<string, Record<string, unknown>>();
  menu.sessionConfig({
    start: (id: string) => {
      if (!sessions.has(id)) sessions.set(id, {});
      return Promise.resolve();
    },
    end: (id: string) => {
      sessions.delete(id);
      return Promise.resolve();
    },
    set: (id: string, key: string, value: unknown) => {
      const session = sessions.get(id);
      if (session !== undefined) session[key] = value;
      return Promise.resolve();
    },
    get: (id: string, key: string) => Promise.resolve(sessions.get(id)?.[key]),
  });
}

/**
 * The same 4-screen flow through ussd-menu-builder's own API, in its Africa's Talking mode (the
 * default) or its Hubtel mode (`provider: 'hubtel'`, since 1.1.0: it keeps the route in the
 * session store, as Hubtel sends only the latest input).
 */
export function umbFlow(provider: UssdMenu.UssdMenuProvider = 'africasTalking'): UssdMenu {
  const menu = new UssdMenu({ provider });
  umbSessions(menu);
  menu.startState({
    run: () => menu.con('Welcome to Airtime Shop\n1. Buy airtime\n2. Help'),
    next: { '1': 'amount', '2': 'help' },
  });
  menu.state('amount', {
    run: () => menu.con('Enter amount (NGN)'),
    next: { '*^\\d+$': 'thanks' },
  });
  menu.state('thanks', {
    run: () => {
      const amount = Number(menu.val);
      if (!Number.isInteger(amount) || amount < 50) {
        menu.con('Minimum is 50 NGN\nEnter amount (NGN)');
        return;
      }
      void menu.session.set('amount', amount).then(() => {
        menu.end(`You will receive ${amount} NGN of airtime.`);
      });
    },
  });
  menu.state('help', { run: () => menu.end('Call 0800 000 0000 for help.') });
  return menu;
}

/** A flow of `depth` screens in ours: `depth - 1` one-item menus ("1. Next") then an info. */
export function ussdkitDeepFlow(depth: number): Handler {
  const names = Array.from({ length: depth }, (_, i) => `s${i}`);
  // The screen names are computed at run time, so the compile-time target check (which needs
  // literal names) cannot apply: createApp is called through a signature without it. The
  // start-up graph check still runs.
  const create = createApp as (options: unknown) => Handler;
  return create({
    state: z.object({}),
    start: 's0',
    screens: ({ chooser, info }: ScreenFactories<Record<string, never>>) => {
      const screens: Record<string, ReturnType<typeof chooser> | ReturnType<typeof info>> = {};
      for (let i = 0; i < depth - 1; i++) {
        screens[`s${i}`] = chooser({
          title: `Screen ${i + 1}`,
          items: [{ label: 'Next', next: names[i + 1] as string }],
        });
      }
      screens[`s${depth - 1}`] = info({ text: `Screen ${depth}: done.` });
      return screens;
    },
  });
}

/** The same deep flow through ussd-menu-builder. */
export function umbDeepFlow(depth: number): UssdMenu {
  const menu = new UssdMenu();
  umbSessions(menu);
  for (let i = 0; i < depth - 1; i++) {
    const options = {
      run: () => menu.con(`Screen ${i + 1}\n1. Next`),
      next: { '1': `s${i + 1}` },
    };
    if (i === 0) menu.startState(options);
    else menu.state(`s${i}`, options);
  }
  menu.state(`s${depth - 1}`, { run: () => menu.end(`Screen ${depth}: done.`) });
  return menu;
}
