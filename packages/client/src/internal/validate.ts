import { hasAtMostTwoDecimals, isMsisdn, normalizeMsisdn } from '@ussdkit/protocol';
import { RequestValidationError } from '../errors';

/** Throws when `value` is not a non-empty string. */
export function requireText(field: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') {
    throw new RequestValidationError(field, 'must be a non-empty string');
  }
  return value;
}

/** Throws unless `value` is a positive finite number with at most two decimals. */
export function checkAmount(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RequestValidationError(field, 'must be a positive number of Naira');
  }
  if (!hasAtMostTwoDecimals(value)) {
    throw new RequestValidationError(field, `${value} has more than two decimals`);
  }
  return value;
}

/** Throws unless `value` is a phone number in one of the five accepted forms; returns `+234…`. */
export function checkMsisdn(field: string, value: unknown): string {
  if (typeof value !== 'string' || !isMsisdn(value)) {
    throw new RequestValidationError(
      field,
      `${JSON.stringify(value)} is not a phone number (+234, 234, 0 or +0 and 10 digits, or 10 digits)`,
    );
  }
  return normalizeMsisdn(value);
}
