/**
 * A deep copy of a value as a JSON round trip would give it (`JSON.parse(JSON.stringify(v))`),
 * several times cheaper for the plain objects, arrays and primitives session state is made of.
 * Keys whose value is `undefined`, a function or a symbol are dropped (in arrays they become
 * `null`), non-finite numbers become `null` and -0 becomes 0; anything that is not a plain object
 * or array (a `Date`, a class instance, an object with `toJSON`) takes the real JSON round trip,
 * so every store sees the same values the Redis store would give back. `structuredClone` was the
 * previous copy: it kept values JSON would change, and cost about 7 µs for a small session record.
 */
export function cloneJson<T>(value: T): T {
  const copied = copy(value, true);
  return (copied === omitted ? undefined : copied) as T;
}

const ownKey = { enumerable: true, writable: true, configurable: true } as const;

/** Marks a value JSON leaves out of an object (`undefined`, a function, a symbol). */
const omitted: unique symbol = Symbol('omitted');

/** One value; primitives are handled here, inline, since they are most of a session record. */
function copy(value: unknown, inObject: boolean): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // `+ 0` turns -0 into 0, as JSON does.
      return Number.isFinite(value) ? value + 0 : null;
    case 'object':
      return value === null ? null : copyComposite(value);
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    default:
      return inObject ? omitted : null;
  }
}

function copyComposite(value: object): unknown {
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i], false);
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  const plain = proto === Object.prototype || proto === null;
  if (!plain || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return JSON.parse(JSON.stringify(value)) as unknown;
  }
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const item = copy((value as Record<string, unknown>)[key], true);
    if (item === omitted) continue;
    // Assigning `__proto__` would set the copy's prototype; JSON.parse makes it an own key.
    if (key === '__proto__') Object.defineProperty(out, key, { value: item, ...ownKey });
    else out[key] = item;
  }
  return out;
}
