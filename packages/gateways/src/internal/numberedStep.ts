/**
 * A provider's step number, sent as a number or a string (`"3"`); `undefined` when it sends none
 * or something that is not a whole number, so that such a request is never taken for a resent one.
 */
export function numberedStep(value: string): number | undefined {
  if (!/^\d{1,9}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
