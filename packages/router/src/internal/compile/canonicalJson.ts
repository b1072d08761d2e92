/**
 * The canonical JSON text of a parsed value: object keys sorted, no whitespace, `undefined`
 * members left out (as `JSON.stringify` leaves them), so two values that mean the same give the
 * same text whatever their key order. Meant for schema-parsed events: they hold only the fields
 * their schema knows, a handful of levels deep, so the recursion stays shallow.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  for (const key of keys) {
    const item = record[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    out += `${out.length === 1 ? '' : ','}${quote(key)}:${canonicalJson(item)}`;
  }
  return `${out}}`;
}

/** A string JSON writes as is between quotes: no quote, backslash, control or surrogate. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000-U+001F are what JSON escapes
const plain = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** `JSON.stringify(text)`, a third cheaper for the plain strings events are made of. */
function quote(text: string): string {
  return plain.test(text) ? `"${text}"` : JSON.stringify(text);
}
