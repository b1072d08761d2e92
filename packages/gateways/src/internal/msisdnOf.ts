/**
 * A subscriber number as the app sees it: international form with its `+` (`233244567890` and
 * `+233244567890` give `+233244567890`), as Africa's Talking and ussd-menu-builder's Hubtel
 * mapping give it. Anything else (a number in local form) is passed as sent.
 */
export function msisdnOf(raw: string): string {
  const number = raw.trim();
  return /^[1-9][0-9]{7,14}$/.test(number) ? `+${number}` : number;
}
