import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../internal/expectInvalid';
import { abortReasonTypes, abortSessionSchema } from './abortSession';
import { closeSessionSchema } from './closeSession';
import { continueSessionSchema } from './continueSession';
import { newSessionSchema } from './newSession';

const base = { clientId: 'c', appId: 'a', sessionId: 's' };

describe('new session', () => {
  const event = { ...base, msisdn: '2341234567890', operator: 'mtn' };

  it('reads Dial, Push and Redirect inputs', () => {
    expect(
      newSessionSchema.parse({ ...event, input: { type: 'Dial', shortcodeString: '*384*1#' } })
        .input,
    ).toEqual({
      type: 'Dial',
      shortcodeString: '*384*1#',
    });
    expect(
      newSessionSchema.parse({ ...event, input: { type: 'Push', contextData: 'x' } }).input,
    ).toEqual({
      type: 'Push',
      contextData: 'x',
    });
    expect(
      newSessionSchema.parse({
        ...event,
        input: { type: 'Redirect', process: { id: 'pay', params: { a: '1' } } },
      }).input,
    ).toEqual({ type: 'Redirect', process: { id: 'pay', params: { a: '1' } } });
  });

  it('maps the deprecated processId to process.id', () => {
    expect(
      newSessionSchema.parse({ ...event, input: { type: 'Redirect', processId: 'menu' } }).input,
    ).toEqual({
      type: 'Redirect',
      process: { id: 'menu', params: {} },
    });
    expect(newSessionSchema.parse({ ...event, input: { type: 'Redirect' } }).input).toEqual({
      type: 'Redirect',
    });
  });

  it('reads an operator outside the upstream list', () => {
    expect(
      newSessionSchema.parse({ ...event, operator: '9mobile', input: { type: 'Push' } }).operator,
    ).toBe('9mobile');
  });

  it('rejects a wrong discriminator and missing fields, naming the field', () => {
    expect(expectInvalid(newSessionSchema, { ...event, input: { type: 'Call' } }).field).toBe(
      'input.type',
    );
    expect(expectInvalid(newSessionSchema, { ...event, input: { type: 'Dial' } }).field).toBe(
      'input.shortcodeString',
    );
    expect(
      expectInvalid(newSessionSchema, { ...event, sessionId: undefined, input: { type: 'Push' } })
        .field,
    ).toBe('sessionId');
  });
});

describe('continue session', () => {
  it('reads every result type', () => {
    const results = [
      { type: 'InputResult', value: '1' },
      { type: 'MerchantPaymentResult', operationId: 'o', status: { type: 'Success' } },
      { type: 'MerchantPaymentResult', operationId: 'o', status: { type: 'Unknown' } },
      { type: 'EmbeddedProcessResult', resultParams: { verified: 'true' } },
      { type: 'ReturnFromRedirectResult', resultParams: { paid: 'true' } },
    ];
    for (const result of results) {
      expect(continueSessionSchema.parse({ ...base, result, contextData: 'ctx' }).result).toEqual(
        result,
      );
    }
  });

  it('reads a failure cause as an object or a bare string, giving {type}', () => {
    for (const cause of [{ type: 'InsufficientBalance' }, 'InsufficientBalance']) {
      const parsed = continueSessionSchema.parse({
        ...base,
        result: {
          type: 'MerchantPaymentResult',
          operationId: 'o',
          status: { type: 'Failure', cause },
        },
      });
      expect(parsed.result).toEqual({
        type: 'MerchantPaymentResult',
        operationId: 'o',
        status: { type: 'Failure', cause: { type: 'InsufficientBalance' } },
      });
    }
  });

  it('defaults a missing contextData to the empty string', () => {
    expect(
      continueSessionSchema.parse({ ...base, result: { type: 'InputResult', value: '' } })
        .contextData,
    ).toBe('');
  });

  it('reads a failure cause added upstream later as sent, typed Unrecognised', () => {
    // Tolerant reader (docs/decisions/0007-wire-protocol.md): a cause this version does not list
    // is kept, in both the object and the bare-string form, never a parse error.
    for (const cause of [{ type: 'BankOffline' }, 'BankOffline']) {
      const parsed = continueSessionSchema.parse({
        ...base,
        result: {
          type: 'MerchantPaymentResult',
          operationId: 'o',
          status: { type: 'Failure', cause },
        },
      });
      expect(parsed.result).toEqual({
        type: 'MerchantPaymentResult',
        operationId: 'o',
        status: { type: 'Failure', cause: { type: 'BankOffline' } },
      });
    }
  });

  it('reads a payment outcome added upstream later as Unknown, keeping it in raw', () => {
    // Spec: "`Unknown` means the result cannot be established during the session; the final
    // result comes in the developer's callback." An outcome we do not know is exactly that.
    const parsed = continueSessionSchema.parse({
      ...base,
      result: { type: 'MerchantPaymentResult', operationId: 'o', status: { type: 'Reversed' } },
    });
    expect(parsed.result).toEqual({
      type: 'MerchantPaymentResult',
      operationId: 'o',
      status: { type: 'Unknown', raw: 'Reversed' },
    });
  });

  it('rejects a Failure without its cause, a non-string cause and non-string result params', () => {
    const payment = (status: unknown) => ({
      ...base,
      result: { type: 'MerchantPaymentResult', operationId: 'o', status },
    });
    expect(expectInvalid(continueSessionSchema, payment({ type: 'Failure' })).field).toBe(
      'result.status.cause',
    );
    expect(
      expectInvalid(continueSessionSchema, payment({ type: 'Failure', cause: { type: 7 } })).field,
    ).toMatch(/^result\.status\.cause/);
    expect(
      expectInvalid(continueSessionSchema, {
        ...base,
        result: { type: 'EmbeddedProcessResult', resultParams: { a: 1 } },
      }).field,
    ).toBe('result.resultParams.a');
  });
});

describe('close and abort', () => {
  it('reads every close reason', () => {
    for (const type of ['End', 'Abandon', 'Timeout']) {
      expect(
        closeSessionSchema.parse({ ...base, reason: { type }, contextData: '' }).reason.type,
      ).toBe(type);
    }
  });

  it('reads a close reason added upstream later as Unrecognised, with its type in raw', () => {
    // The spec: "`reason` (object with `type`: `End`, `Abandon`, `Timeout`)"; a type added later
    // is read, not refused (tolerant reader, docs/protocol.md), and `type` stays required.
    expect(
      closeSessionSchema.parse({ ...base, reason: { type: 'Preempted' }, contextData: '' }).reason,
    ).toEqual({ type: 'Unrecognised', raw: 'Preempted' });
    expect(expectInvalid(closeSessionSchema, { ...base, reason: {} }).field).toBe('reason.type');
    expect(expectInvalid(closeSessionSchema, { ...base, reason: { type: 3 } }).field).toBe(
      'reason.type',
    );
  });

  it('reads every abort reason with its extra field', () => {
    const reasons = {
      MissingPrivilege: { privilege: 'UssdApi' },
      InsufficientBalanceInVirtualPurse: {},
      DuplicatedOperation: { operationId: 'o' },
      UnexpectedUssdAppResponse: {},
      InternalError: {},
    };
    for (const type of abortReasonTypes) {
      const reason = { type, ...reasons[type] };
      expect(abortSessionSchema.parse({ ...base, reason }).reason).toEqual(reason);
    }
    expect(
      expectInvalid(abortSessionSchema, { ...base, reason: { type: 'MissingPrivilege' } }).field,
    ).toBe('reason.privilege');
  });

  it('reads an abort reason added upstream later as Unrecognised, with its type in raw', () => {
    // The spec lists five `reason.type` values with their extra fields ("MissingPrivilege |
    // privilege (string)", "DuplicatedOperation | operationId (string)"); a sixth is read.
    expect(
      abortSessionSchema.parse({ ...base, reason: { type: 'RateLimited', retryAfter: 30 } }).reason,
    ).toEqual({ type: 'Unrecognised', raw: 'RateLimited' });
    const known = abortSessionSchema.parse({
      ...base,
      reason: { type: 'DuplicatedOperation', operationId: 'o' },
    }).reason;
    expect(known.type === 'DuplicatedOperation' && known.operationId).toBe('o');
  });
});
