/**
 * What the `corruptContextData` fault sends instead of an app's contextData: its characters
 * reversed and a marker appended, so it is never what the app gave (not even for `""`) and the
 * transcript shows plainly what happened.
 *
 * @example
 * ```ts
 * corruptContextData('h2'); // '2h~corrupted'
 * ```
 */
export function corruptContextData(contextData: string): string {
  return `${[...contextData].reverse().join('')}~corrupted`;
}
