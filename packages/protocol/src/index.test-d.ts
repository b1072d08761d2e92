import { describe, expectTypeOf, it } from 'vitest';
import type {
  AbortReason,
  AcquireErrorCode,
  AcquireResult,
  AcquireStatus,
  Action,
  CallbackStatus,
  CloseReasonType,
  MerchantPaymentCallback,
  MerchantPaymentFailureCause,
  MerchantPaymentStatus,
  NewSession,
  PaymentMode,
  SessionCommand,
  SessionCommandInput,
  SessionInput,
  Unrecognised,
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

  it('gives the failure cause as {type} only, a cause added later typed Unrecognised', () => {
    expectTypeOf<Extract<MerchantPaymentStatus, { type: 'Failure' }>['cause']>().toEqualTypeOf<{
      type:
        | 'AuthenticationFailed'
        | 'InsufficientBalance'
        | 'InvalidMerchant'
        | 'NoAccounts'
        | 'SwitchUnavailable'
        | 'Other'
        | Unrecognised;
    }>();
    expectTypeOf<MerchantPaymentCallback['cause']>().toEqualTypeOf<
      MerchantPaymentFailureCause | undefined
    >();
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

describe('values added upstream later (tolerant reader)', () => {
  it('keeps the known literals, adding only a typed unknown case', () => {
    expectTypeOf<AcquireStatus['status']>().toEqualTypeOf<
      'SUCCESS' | 'FAILURE' | 'UNKNOWN' | 'NOT_FOUND'
    >();
    // The outcome we do not know folds into UNKNOWN, readable without an `in` check.
    expectTypeOf<Extract<AcquireStatus, { status: 'UNKNOWN' }>['raw']>().toEqualTypeOf<
      Unrecognised | undefined
    >();
    expectTypeOf<Extract<MerchantPaymentStatus, { type: 'Unknown' }>>().toEqualTypeOf<{
      type: 'Unknown';
      raw?: Unrecognised;
    }>();
    expectTypeOf<CallbackStatus['result']>().toEqualTypeOf<'success' | 'failure' | 'unknown'>();
    expectTypeOf<CallbackStatus['raw']>().toEqualTypeOf<Unrecognised | undefined>();
    expectTypeOf<MerchantPaymentCallback['result']>().toEqualTypeOf<
      'Success' | 'Failure' | 'Unknown'
    >();
    expectTypeOf<CloseReasonType>().toEqualTypeOf<'End' | 'Abandon' | 'Timeout' | 'Unrecognised'>();
    expectTypeOf<Extract<AbortReason, { type: 'Unrecognised' }>>().toEqualTypeOf<{
      type: 'Unrecognised';
      raw: Unrecognised;
    }>();
  });

  it('keeps switches over a reason exhaustive-checked, with the variants narrowed', () => {
    const describe = (reason: AbortReason): string => {
      switch (reason.type) {
        case 'MissingPrivilege':
          return reason.privilege;
        case 'DuplicatedOperation':
          return reason.operationId;
        case 'InsufficientBalanceInVirtualPurse':
        case 'UnexpectedUssdAppResponse':
        case 'InternalError':
          return reason.type;
        case 'Unrecognised':
          return reason.raw;
        default:
          return reason satisfies never;
      }
    };
    expectTypeOf(describe).returns.toEqualTypeOf<string>();
  });

  it('leaves an Unrecognised code in the default branch of a switch over the known codes', () => {
    const describe = (code: AcquireErrorCode): string => {
      switch (code) {
        case 'TIMEOUT':
        case 'INTERNAL':
        case 'INVALID_AMOUNT':
        case 'UNKNOWN_SKU':
        case 'INVALID_BENEFICIARY_ID':
        case 'UNSPECIFIED':
          return code;
        default:
          return code satisfies Unrecognised;
      }
    };
    const forgetful = (code: AcquireErrorCode): string => {
      switch (code) {
        case 'TIMEOUT':
          return code;
        default:
          // @ts-expect-error the known codes not handled above are not Unrecognised
          return code satisfies Unrecognised;
      }
    };
    expectTypeOf(describe).returns.toEqualTypeOf<string>();
    expectTypeOf(forgetful).returns.toEqualTypeOf<string>();
  });

  it('lets writers typed with the read types build the known forms', () => {
    const outcome = (type: 'Success' | 'Unknown'): MerchantPaymentStatus => ({ type });
    expectTypeOf(outcome).returns.toEqualTypeOf<MerchantPaymentStatus>();
  });

  it('cannot write an unrecognised value: writers typed with the same union keep to the known', () => {
    // @ts-expect-error a string literal is no Unrecognised: only parsing makes one
    const code: AcquireErrorCode = 'RATE_LIMITED';
    expectTypeOf(code).toEqualTypeOf<AcquireErrorCode>();
  });
});
