import { describe, expect, it } from 'vitest';
import { InvalidCallbackError } from './InvalidCallbackError';
import { parseCallback } from './parseCallback';

const acquire = {
  clientId: 'demo-client',
  operationId: 'op-1',
  operation: 'acquire',
  status: { result: 'success' },
  acquire: { reference: 'R', transactionId: 'T' },
};

describe('parseCallback', () => {
  it('reads acquire callbacks, from an object or JSON text', () => {
    expect(parseCallback(acquire)).toEqual({ kind: 'acquire', callback: acquire });
    expect(parseCallback(JSON.stringify(acquire)).kind).toBe('acquire');
    const failure = { ...acquire, status: { result: 'failure', cause: 'insufficient_balance' } };
    expect(parseCallback(failure)).toMatchObject({
      callback: { status: { cause: 'insufficient_balance' } },
    });
  });

  it('reads merchant payment callbacks', () => {
    const body = {
      clientId: 'c',
      operationId: 'mp-1',
      result: 'Failure',
      cause: 'InsufficientBalance',
    };
    expect(parseCallback(body)).toEqual({ kind: 'merchantPayment', callback: body });
  });

  it('reads callbacks of other operations, keeping their data', () => {
    const body = {
      clientId: 'c',
      operationId: 'x',
      operation: 'payout',
      status: { result: 'unknown' },
      payout: { id: 1 },
    };
    expect(parseCallback(body)).toEqual({ kind: 'operation', callback: body });
  });

  it('throws InvalidCallbackError naming the field', () => {
    expect(() => parseCallback('{nope')).toThrow(InvalidCallbackError);
    const error = (() => {
      try {
        parseCallback({ ...acquire, status: { result: 42 } });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidCallbackError);
    expect(error).toMatchObject({ field: 'status.result' });
    expect(() => parseCallback(null)).toThrow(InvalidCallbackError);
  });
});
