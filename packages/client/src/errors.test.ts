import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  DuplicateOperationError,
  InsufficientBalanceError,
  PermissionDeniedError,
  TimeoutError,
  UssdkitError,
} from './errors';

const init = (status: number) => ({
  status,
  code: 'CODE',
  message: 'text',
  body: '{"code":"CODE","message":"text"}',
  headers: new Headers(),
  operationId: 'op-1',
});

describe('ApiError.generate', () => {
  it.each([
    [401, AuthenticationError],
    [402, InsufficientBalanceError],
    [403, PermissionDeniedError],
    [409, DuplicateOperationError],
  ])('maps %i to its class', (status, type) => {
    const error = ApiError.generate(init(status));
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(UssdkitError);
    expect(error).toMatchObject({
      status,
      code: 'CODE',
      operationId: 'op-1',
      body: init(status).body,
    });
  });

  it.each([400, 404, 413, 429, 500, 503])('keeps %i a plain ApiError', (status) => {
    expect(ApiError.generate(init(status)).constructor).toBe(ApiError);
  });

  it("maps upstream's plain-text 400 ALREADY_INITIATED (a reused merchant payment operationId) to DuplicateOperationError", () => {
    const error = ApiError.generate({
      ...init(400),
      code: 'ALREADY_INITIATED',
      body: 'ALREADY_INITIATED',
    });
    expect(error).toBeInstanceOf(DuplicateOperationError);
    expect(error).toMatchObject({ status: 400, code: 'ALREADY_INITIATED' });
  });

  it('names the status and code in the message', () => {
    expect(ApiError.generate(init(402)).message).toBe('402 CODE: text');
    expect(ApiError.generate(init(402)).name).toBe('InsufficientBalanceError');
  });
});

describe('connection errors', () => {
  it('makes TimeoutError a ConnectionError and keeps the cause', () => {
    const cause = new Error('reset');
    const error = new TimeoutError('slow', { cause, operationId: 'op' });
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.cause).toBe(cause);
    expect(error.code).toBe('TIMEOUT');
  });
});
