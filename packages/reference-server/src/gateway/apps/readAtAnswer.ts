/** An Africa's Talking answer read: go on (`CON`) or end (`END`), with the screen to show. */
export interface AtAnswer {
  readonly keyword: 'CON' | 'END';
  readonly screen: string;
}

/**
 * Reads an Africa's Talking answer body: `CON` or `END`, then a space (or a line break) and the
 * screen; the keyword alone shows an empty screen. Anything else (`CONTINUE`, `con …`, an empty
 * body) is `undefined`: Africa's Talking ends such a session.
 *
 * @example
 * ```ts
 * readAtAnswer('CON Pick one\n1. Airtime'); // { keyword: 'CON', screen: 'Pick one\n1. Airtime' }
 * readAtAnswer('Hello'); // undefined
 * ```
 */
export function readAtAnswer(body: string): AtAnswer | undefined {
  const match = /^(CON|END)(?:[ \n]|\r\n|$)/.exec(body);
  if (match === null) return undefined;
  return { keyword: match[1] as 'CON' | 'END', screen: body.slice(match[0].length) };
}
