import { describe, expect, it } from 'vitest';
import { RuleError } from './RuleError';
import { isJsonContentType, requireJsonContentType } from './requireJsonContentType';

describe('requireJsonContentType', () => {
  it('reads application/json in any case, with parameters, and nothing else', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true);
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      '',
      null,
      undefined,
    ]) {
      expect(isJsonContentType(type), String(type)).toBe(false);
    }
  });

  // spec, Service endpoints: "Bodies are JSON. Requests with a body carry `Content-Type:
  // application/json`."
  it('refuses a body not declared JSON with 415, saying what to send', () => {
    const check = () =>
      requireJsonContentType({
        method: 'post',
        path: '/v1/acquire/product',
        contentType: 'text/plain',
        hasBody: true,
      });
    expect(check).toThrow(RuleError);
    expect(check).toThrow(
      'POST /v1/acquire/product needs Content-Type: application/json (it came with text/plain): send the body as JSON with that header.',
    );
    try {
      check();
    } catch (error) {
      expect((error as RuleError).toBody().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect((error as RuleError).status).toBe(415);
    }
  });

  it('lets reads and bodiless writes through, unless every write must say JSON', () => {
    const base = { path: '/x', contentType: undefined, hasBody: false };
    expect(() =>
      requireJsonContentType({ ...base, method: 'GET', everyWrite: true }),
    ).not.toThrow();
    expect(() => requireJsonContentType({ ...base, method: 'POST' })).not.toThrow();
    expect(() => requireJsonContentType({ ...base, method: 'DELETE', everyWrite: true })).toThrow(
      'DELETE /x needs Content-Type: application/json (it came with none): send that header, even without a body.',
    );
  });
});
