/**
 * The example session of each provider's reference (docs/reference-server.md, decision 0045),
 * as the tiny provider apps of these tests play it: a menu, `1` asks an amount and ends with the
 * airtime bought, `2` asks a PIN on a screen marked secret, and `3` (not listed) ends with a
 * text longer than any provider shows. A dial's deep link (`*384*31*1#`) is read as the first
 * input. Every app keeps its sessions' state itself, since the providers send the newest input
 * only.
 */

export const MENU = 'Welcome\n1. Buy airtime\n2. My balance';
export const ASK_AMOUNT = 'Enter amount';
export const ASK_PIN = 'Enter your PIN';
export const BALANCE = 'Your balance is GHS 20.';
/** 300 characters: longer than every provider's screen. */
export const TERMS = `Terms: ${'a'.repeat(293)}`;

export const bought = (amount: string) => `You bought GHS ${amount} of airtime.`;

/** What the app says: a screen, whether it ends the session, whether it asks a secret. */
export interface Said {
  readonly screen: string;
  readonly ends: boolean;
  readonly secret?: boolean;
  /** Where the session is now: `menu`, `buy`, `pin`, or `over`. */
  readonly state: string;
}

const menu: Said = { screen: MENU, ends: false, state: 'menu' };

/** The answer to `text` typed on the screen of `state`. */
export function exampleStep(state: string, text: string): Said {
  if (state === 'buy') return { screen: bought(text), ends: true, state: 'over' };
  if (state === 'pin') return { screen: BALANCE, ends: true, state: 'over' };
  if (text === '1') return { screen: ASK_AMOUNT, ends: false, state: 'buy' };
  if (text === '2') return { screen: ASK_PIN, ends: false, secret: true, state: 'pin' };
  if (text === '3') return { screen: TERMS, ends: true, state: 'over' };
  return menu;
}

/** The first answer: the menu, or the screen the deep link of `dial` (`*384*31*1#`) opens. */
export function exampleStart(dial: string): Said {
  const segments = /^\*\d+\*\d+((?:\*\d+)*)#$/.exec(dial)?.[1]?.split('*').slice(1) ?? [];
  return segments.reduce((said, segment) => exampleStep(said.state, segment), menu);
}
