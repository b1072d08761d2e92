import { describe, expectTypeOf, it } from 'vitest';
import type {
  AcquireResult,
  Action,
  MerchantPaymentStatus,
  NewSession,
  PaymentMode,
  SessionCommand,
  SessionCommandInput,
  SessionInput,
} from './index';

describe('inferred wire types', () => {
  it('narrows session inputs by type, with the redirect process mapped', () => {
    expectTypeOf<Extract<SessionInput, { type: 'Dial' }>>().toEqualTypeOf<{
      type: 'Dial';
      shortcodeString: string;
    }>();
    expectTypeOf<Extract<SessionInput, { type: 'Redirect' }>['process']>().toEqualTypeOf<
      { id: string; params: Record<string, string> } | undefined
    >();
    expectTypeOf<NewSession['operator']>().toEqualTypeOf<string>();
  });

  it('gives the failure cause as {type} only', () => {
    expectTypeOf<Extract<MerchantPaymentStatus, { type: 'Failure' }>['cause']>().toEqualTypeOf<{
      type:
        | 'AuthenticationFailed'
        | 'InsufficientBalance'
        | 'InvalidMerchant'
        | 'NoAccounts'
        | 'SwitchUnavailable'
        | 'Other';
    }>();
  });

  it('writes FixedAccount with account and Redirect as "Redirect"', () => {
    expectTypeOf<Extract<PaymentMode, { type: 'FixedAccount' }>>().toEqualTypeOf<{
      type: 'FixedAccount';
      bank: string;
      account: string;
    }>();
    expectTypeOf<Action['type']>().toEqualTypeOf<
      'ShowView' | 'Redirect' | 'RunProcess' | 'ReturnFromRedirect' | 'LegacyAppRedirect'
    >();
  });

  it('always has contextData after parsing, optional before', () => {
    expectTypeOf<SessionCommand['contextData']>().toEqualTypeOf<string>();
    expectTypeOf<SessionCommandInput['contextData']>().toEqualTypeOf<string | undefined>();
  });

  it('distinguishes acquire results by status', () => {
    expectTypeOf<AcquireResult['status']>().toEqualTypeOf<'SUCCESS' | 'FAILURE' | 'UNKNOWN'>();
    expectTypeOf<
      Extract<AcquireResult, { status: 'SUCCESS' }>['transactionId']
    >().toEqualTypeOf<string>();
  });
});
