/** A parsed JSON value's fields, when it is an object (not an array, not null). */
export function fieldsOf(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A non-empty string, as the protocol's `z.string().min(1)` reads it. */
export function filled(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
