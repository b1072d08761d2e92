import type {
  AcquireCallback,
  MerchantPaymentCallback,
  OperationCallback,
} from '@ussdkit/protocol';
import { describe, expectTypeOf, it } from 'vitest';
import { type ParsedCallback, parseCallback } from './parseCallback';

describe('parseCallback() result type', () => {
  it('is a union discriminated by kind', () => {
    expectTypeOf(parseCallback({})).toEqualTypeOf<ParsedCallback>();
    expectTypeOf<ParsedCallback['kind']>().toEqualTypeOf<
      'acquire' | 'merchantPayment' | 'operation'
    >();
  });

  it('narrows the callback by kind', () => {
    const parsed = parseCallback({});
    if (parsed.kind === 'acquire') {
      expectTypeOf(parsed.callback).toEqualTypeOf<AcquireCallback>();
      expectTypeOf(parsed.callback.status.result).toEqualTypeOf<
        'success' | 'failure' | 'unknown'
      >();
    }
    if (parsed.kind === 'merchantPayment') {
      expectTypeOf(parsed.callback).toEqualTypeOf<MerchantPaymentCallback>();
      expectTypeOf(parsed.callback.result).toEqualTypeOf<'Success' | 'Failure' | 'Unknown'>();
    }
    if (parsed.kind === 'operation')
      expectTypeOf(parsed.callback).toEqualTypeOf<OperationCallback>();
  });
});
