import {
  type AcquireCallback,
  acquireCallbackSchema,
  type MerchantPaymentCallback,
  merchantPaymentCallbackSchema,
  type OperationCallback,
  operationCallbackSchema,
} from '@ussdkit/protocol';
import type { z } from 'zod';
import { InvalidCallbackError } from './InvalidCallbackError';

/** A parsed callback, told apart by `kind`. */
export type ParsedCallback =
  | { readonly kind: 'acquire'; readonly callback: AcquireCallback }
  | { readonly kind: 'merchantPayment'; readonly callback: MerchantPaymentCallback }
  | { readonly kind: 'operation'; readonly callback: OperationCallback };

/** The callback's kind: `acquire`, `merchantPayment` or `operation` (any other operation). */
export type CallbackKind = ParsedCallback['kind'];

/**
 * Parses a callback body (an object, or its JSON text) into a typed union: acquire callbacks,
 * merchant payment callbacks, and callbacks of other operations.
 *
 * @throws {@link InvalidCallbackError} when the body matches none of them.
 * @example
 * ```ts
 * const parsed = parseCallback(req.body);
 * if (parsed.kind === 'acquire' && parsed.callback.status.result === 'success') ship(parsed.callback.operationId);
 * ```
 */
export function parseCallback(body: unknown): ParsedCallback {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch (cause) {
      throw new InvalidCallbackError('', 'body is not JSON', body, { cause });
    }
  }
  if (typeof value === 'object' && value !== null && 'result' in value && !('status' in value)) {
    return { kind: 'merchantPayment', callback: parse(merchantPaymentCallbackSchema, value) };
  }
  const callback = parse(operationCallbackSchema, value);
  if (callback.operation === 'acquire') {
    return { kind: 'acquire', callback: parse(acquireCallbackSchema, value) };
  }
  return { kind: 'operation', callback };
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  throw new InvalidCallbackError(field, issue?.message ?? 'invalid', value, {
    cause: result.error,
  });
}
