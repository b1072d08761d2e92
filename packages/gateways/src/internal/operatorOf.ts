/** A network's name in lower case (`MTN`, `mtn` and `Mtn` are one network), or `undefined`. */
export function operatorOf(raw: string): string | undefined {
  const operator = raw.trim().toLowerCase();
  return operator === '' ? undefined : operator;
}
