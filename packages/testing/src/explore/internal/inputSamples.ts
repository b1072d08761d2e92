/** What the explorer reads of a zod schema (v4), without importing zod. */
interface SchemaShape {
  readonly _zod?: {
    readonly def?: {
      readonly type?: string;
      readonly in?: unknown;
      readonly innerType?: unknown;
      readonly options?: readonly unknown[];
    };
    readonly values?: ReadonlySet<unknown>;
  };
  readonly minValue?: number | null;
  readonly maxValue?: number | null;
  readonly isInt?: boolean;
  readonly minLength?: number | null;
  readonly maxLength?: number | null;
  meta?(): { readonly examples?: unknown } | undefined;
}

/** Values every input gets: empty, the navigation keys, a word, numbers, very long, non-ASCII. */
const ALWAYS = ['', '0', '00', '98', '1', '100', '1234', 'abc', 'x'.repeat(160), 'é€漢字'];

const asSchema = (value: unknown): SchemaShape | undefined =>
  typeof value === 'object' && value !== null && '_zod' in value
    ? (value as SchemaShape)
    : undefined;

/** The schema whose bounds say what the customer may type: through pipes, optionals, defaults. */
function typed(schema: SchemaShape, depth = 0): SchemaShape {
  const def = schema._zod?.def;
  const inner = asSchema(def?.in) ?? asSchema(def?.innerType);
  return inner === undefined || depth > 8 ? schema : typed(inner, depth + 1);
}

function examplesOf(schema: SchemaShape): string[] {
  const examples = schema.meta?.()?.examples;
  const list = Array.isArray(examples) ? examples : [];
  return list.filter((e) => ['string', 'number'].includes(typeof e)).map(String);
}

function numberSamples(schema: SchemaShape): string[] {
  const out: number[] = [-1];
  const { minValue: min, maxValue: max } = schema;
  const finite = (n: number | null | undefined): n is number =>
    typeof n === 'number' && Number.isFinite(n);
  if (finite(min)) out.push(min - 1, min, min + 1);
  if (finite(max)) out.push(max - 1, max, max + 1);
  if (finite(min) && finite(max)) out.push(Math.round((min + max) / 2));
  const values = out.map(String);
  if (schema.isInt === true && finite(min)) values.push(`${min}.5`);
  return values;
}

function stringSamples(schema: SchemaShape): string[] {
  const out: string[] = [];
  const lengths = [schema.minLength, schema.maxLength].filter(
    (n): n is number => typeof n === 'number' && Number.isFinite(n) && n < 1000,
  );
  for (const length of lengths) {
    for (const n of [length - 1, length, length + 1]) {
      if (n >= 0) out.push('1'.repeat(n), 'a'.repeat(n));
    }
  }
  return out;
}

/**
 * The values the explorer types on an input screen: ones drawn from its zod schema (its bounds,
 * just outside them, its own `examples`, an enum's options), then values every input gets
 * (empty, the navigation keys, very long, non-ASCII), then `extra`; without duplicates.
 */
export function inputSamples(validate: unknown, extra: readonly string[] = []): string[] {
  const values: string[] = [];
  const schema = asSchema(validate);
  if (schema !== undefined) {
    values.push(...examplesOf(schema));
    const inner = typed(schema);
    values.push(...examplesOf(inner));
    const type = inner._zod?.def?.type;
    if (type === 'number' || type === 'int' || type === 'bigint')
      values.push(...numberSamples(inner));
    if (type === 'string') values.push(...stringSamples(inner));
    const options = inner._zod?.values;
    if (options !== undefined) values.push(...[...options].map(String));
  }
  values.push(...ALWAYS, ...extra);
  return [...new Set(values)];
}
