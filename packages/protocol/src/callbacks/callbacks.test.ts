import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../internal/expectInvalid';
import {
  acquireCallbackBody,
  acquireCallbackSchema,
  operationCallbackSchema,
} from './acquireCallback';
import { merchantPaymentCallbackSchema } from './merchantPaymentCallback';

describe('callbacks', () => {
  it('reads acquire success, failure with cause, and unknown', () => {
    const success = {
      clientId: 'c',
      operationId: 'o',
      operation: 'acquire',
      status: { result: 'success' },
      acquire: { reference: 'r', transactionId: 't' },
    };
    expect(acquireCallbackSchema.parse(success)).toEqual(success);
    expect(
      acquireCallbackSchema.parse({
        ...success,
        status: { result: 'failure', cause: 'insufficient_balance' },
        acquire: undefined,
      }).status,
    ).toEqual({ result: 'failure', cause: 'insufficient_balance' });
    expect(
      acquireCallbackSchema.parse({ ...success, status: { result: 'unknown' } }).status.result,
    ).toBe('unknown');
    expect(expectInvalid(acquireCallbackSchema, { ...success, status: {} }).field).toBe(
      'status.result',
    );
  });

  it('reads a result added upstream later as unknown, keeping it in raw', () => {
    // Spec: "`unknown` is not final. The service keeps trying to reach success or failure."
    // A result this version does not know (here the REST spelling) is not final for it either.
    for (const schema of [acquireCallbackSchema, operationCallbackSchema]) {
      expect(
        schema.parse({
          clientId: 'c',
          operationId: 'o',
          operation: 'acquire',
          status: { result: 'SUCCESS' },
        }).status,
      ).toEqual({ result: 'unknown', raw: 'SUCCESS' });
    }
  });

  it('keeps the data of other operations under their name', () => {
    const parsed = operationCallbackSchema.parse({
      clientId: 'c',
      operationId: 'o',
      operation: 'topup',
      status: { result: 'success' },
      topup: { units: 5 },
    });
    expect(parsed.topup).toEqual({ units: 5 });
  });

  it('reads the merchant payment callback', () => {
    expect(
      merchantPaymentCallbackSchema.parse({
        clientId: 'c',
        operationId: 'o',
        result: 'Failure',
        cause: 'InsufficientBalance',
      }),
    ).toEqual({ clientId: 'c', operationId: 'o', result: 'Failure', cause: 'InsufficientBalance' });
    expect(
      expectInvalid(merchantPaymentCallbackSchema, { operationId: 'o', result: 'Success' }).field,
    ).toBe('clientId');
  });

  it('reads a merchant payment result or cause added upstream later without failing', () => {
    const base = { clientId: 'c', operationId: 'o' };
    expect(merchantPaymentCallbackSchema.parse({ ...base, result: 'Reversed' })).toEqual({
      ...base,
      result: 'Unknown',
      raw: 'Reversed',
    });
    expect(
      merchantPaymentCallbackSchema.parse({ ...base, result: 'Failure', cause: 'BankOffline' }),
    ).toEqual({ ...base, result: 'Failure', cause: 'BankOffline' });
  });
});

describe('acquireCallbackBody', () => {
  const base = { clientId: 'c', operationId: 'o' };

  it('writes success, failure and unknown bodies the schema reads back', () => {
    const bodies = [
      acquireCallbackBody({ ...base, status: 'SUCCESS', reference: 'r', transactionId: 't' }),
      acquireCallbackBody({ ...base, status: 'FAILURE', error: 'INVALID_AMOUNT' }),
      acquireCallbackBody({ ...base, status: 'FAILURE' }),
      acquireCallbackBody({ ...base, status: 'UNKNOWN' }),
    ];
    expect(bodies.map((body) => body.status)).toEqual([
      { result: 'success' },
      { result: 'failure', cause: 'invalid_amount' },
      { result: 'failure', cause: 'unspecified' },
      { result: 'unknown' },
    ]);
    expect(bodies[0]?.acquire).toEqual({ reference: 'r', transactionId: 't' });
    for (const body of bodies) expect(acquireCallbackSchema.parse(body)).toEqual(body);
  });

  // spec, "Callback body": "<operation name> | object | additional data keyed by the operation
  // name; for `acquire`: `reference` (string), `transactionId` (string)"; only `status.cause`
  // depends on the outcome ("only with `failure`").
  it('keeps the acquire object for failure and unknown outcomes too', () => {
    const ids = { reference: 'R-1', transactionId: 'T-1' };
    for (const status of ['FAILURE', 'UNKNOWN', 'SUCCESS']) {
      expect(acquireCallbackBody({ ...base, ...ids, status, error: 'INTERNAL' }).acquire).toEqual(
        ids,
      );
    }
  });
});
