import { describe, expect, it } from 'vitest';
import { parseErrorBody } from './parseErrorBody';

describe('parseErrorBody', () => {
  it('reads the JSON {code, message} of the service', () => {
    expect(parseErrorBody('{"code":"BAD_REQUEST","message":"amount: too many decimals"}')).toEqual({
      code: 'BAD_REQUEST',
      message: 'amount: too many decimals',
    });
  });

  it('reads a bare plain-text code as the code, with a message that says what it means', () => {
    expect(parseErrorBody('ALREADY_INITIATED')).toEqual({
      code: 'ALREADY_INITIATED',
      message:
        'this operationId was already used (a merchant payment, an acquire or a process of the same developer); give every operation a new operationId',
    });
    expect(parseErrorBody('OVERLOADED\n')).toEqual({
      code: 'OVERLOADED',
      message: 'the service answered OVERLOADED',
    });
  });

  it('reads nothing from other text', () => {
    expect(parseErrorBody('<html>Bad Gateway</html>')).toBeUndefined();
    expect(parseErrorBody('Service Unavailable')).toBeUndefined();
    expect(parseErrorBody('')).toBeUndefined();
  });
});
