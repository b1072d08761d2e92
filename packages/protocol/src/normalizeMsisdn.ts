/** Thrown by {@link normalizeMsisdn} for a number in none of the accepted forms. */
export class MsisdnError extends Error {
  override readonly name = 'MsisdnError';
  constructor(readonly input: string) {
    super(
      `Invalid msisdn "${input}": expected +234, 234, 0 or +0 followed by 10 digits, or 10 digits`,
    );
  }
}

const forms = [/^\+234(\d{10})$/, /^234(\d{10})$/, /^\+0(\d{10})$/, /^0(\d{10})$/, /^(\d{10})$/];

/**
 * Normalises a Nigerian phone number in any of the five upstream forms (`+234…`, `234…`, `0…`,
 * `+0…`, 10 bare digits; spaces and dashes ignored) to `+234` followed by 10 digits.
 *
 * @throws {@link MsisdnError} when the number matches none of the forms.
 * @example
 * ```ts
 * normalizeMsisdn('08031234567'); // '+2348031234567'
 * ```
 */
export function normalizeMsisdn(msisdn: string): string {
  const compact = String(msisdn).replace(/[\s-]/g, '');
  for (const form of forms) {
    const digits = form.exec(compact)?.[1];
    if (digits !== undefined) return `+234${digits}`;
  }
  throw new MsisdnError(String(msisdn));
}

/** True when {@link normalizeMsisdn} would accept the number. */
export function isMsisdn(msisdn: string): boolean {
  const compact = String(msisdn).replace(/[\s-]/g, '');
  return forms.some((form) => form.test(compact));
}
