/** fast-check arbitraries that take a valid wire body and break it in hostile ways. */
import fc from 'fast-check';

type Json = unknown;

/** Values that break types, sizes and prototypes. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER,
    '',
    ' ',
    '\u0000',
    '\ud800',
    'x'.repeat(100_000),
    [],
    {},
  ),
  fc.integer({ min: 1, max: 200 }).map((depth) => {
    let value: Json = 'deep';
    for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { nested: value };
    return value;
  }),
  fc.constantFrom(
    JSON.parse('{"__proto__": {"polluted": true}}'),
    JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
  ),
);

function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) out.push(...paths(item, [...prefix, i]));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...prefix, key]));
  }
  return out;
}

function setAt(value: Json, path: (string | number)[], replacement: Json | typeof REMOVE): Json {
  if (path.length === 0) return replacement === REMOVE ? undefined : replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (value === null || typeof value !== 'object') return setAt({}, path, replacement);
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && replacement === REMOVE) copy.splice(Number(head), 1);
    else copy[Number(head)] = setAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy: Record<string, Json> = { ...(value as Record<string, Json>) };
  if (rest.length === 0 && replacement === REMOVE) delete copy[head];
  else copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

const REMOVE = Symbol('remove');

/** A valid body with one to three fields replaced by hostile values, removed or added. */
export function mutated(valid: Json): fc.Arbitrary<Json> {
  const all = paths(valid);
  const one = fc.tuple(fc.constantFrom(...all), fc.oneof(hostileValue, fc.constant(REMOVE)));
  const extraKey = fc.tuple(
    fc.constantFrom(...all),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'type', 'valueOf'),
    hostileValue,
  );
  return fc
    .tuple(fc.array(one, { minLength: 1, maxLength: 3 }), fc.option(extraKey))
    .map(([changes, extra]) => {
      let body = valid;
      for (const [path, replacement] of changes) body = setAt(body, path, replacement);
      if (extra !== null && body !== undefined) {
        const [path, key, value] = extra;
        // Through JSON, as a parsed request body would carry it (an own "__proto__" key).
        const text = JSON.stringify(body);
        const target = JSON.parse(text) as Json;
        let node = target as Record<string, Json>;
        for (const step of path) {
          if (node === null || typeof node !== 'object') break;
          const next = (node as Record<string | number, Json>)[step];
          if (next === null || typeof next !== 'object') break;
          node = next as Record<string, Json>;
        }
        if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
          Object.defineProperty(node, key, {
            value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        body = JSON.parse(JSON.stringify(target));
      }
      return body;
    });
}
