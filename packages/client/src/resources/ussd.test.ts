import { describe, expect, it } from 'vitest';
import { useMockService } from '../../test/mswServer';
import { ApiError, PermissionDeniedError, RequestValidationError } from '../errors';

const { requests, fresh } = useMockService();

describe('client.ussd', () => {
  it('pushes with contextData and gets a recovery short code with RECOVERY', async () => {
    const { client } = fresh();
    const pushed = await client.ussd.push({
      appId: 'demo-app',
      msisdn: '+08031234567',
      contextData: 'x',
    });
    expect(pushed.recoveryShortcode).toMatch(/^\*384\*1\*\d{5}#$/);
    expect(await requests[0]?.json()).toMatchObject({ contextData: 'x', msisdn: '+2348031234567' });
  });

  it('answers without a recovery short code when the developer lacks RECOVERY', async () => {
    const { client } = fresh({ developer: { permissions: ['PUSH'] } });
    expect(
      (await client.ussd.push({ appId: 'demo-app', msisdn: '8031234567' })).recoveryShortcode,
    ).toBeUndefined();
  });

  it('maps push errors: 403 without PUSH, 400 APP_NOT_FOUND and virtual purse', async () => {
    const none = fresh({ developer: { permissions: [] } }).client;
    await expect(
      none.ussd.push({ appId: 'demo-app', msisdn: '08031234567' }),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    const { client } = fresh({ developer: { virtualPurse: 0 } });
    await expect(client.ussd.push({ appId: 'x', msisdn: '08031234567' })).rejects.toMatchObject({
      status: 400,
      code: 'APP_NOT_FOUND',
    });
    const purse = await client.ussd
      .push({ appId: 'demo-app', msisdn: '08031234567' })
      .catch((e: unknown) => e);
    expect(purse).toBeInstanceOf(ApiError);
    expect(purse).toMatchObject({ status: 400, code: 'INSUFFICIENT_BALANCE_IN_VIRTUAL_PURSE' });
  });

  it('rejects a malformed msisdn before sending', async () => {
    const { client } = fresh();
    const error = await client.ussd
      .push({ appId: 'demo-app', msisdn: '0803' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ field: 'msisdn' });
    expect(requests).toHaveLength(0);
  });

  it('reads an app profile with an encoded appId', async () => {
    const { client } = fresh();
    expect(await client.ussd.appProfile('demo-app')).toEqual({
      appId: 'demo-app',
      url: 'http://127.0.0.1:3000/ussd',
      shortcode: '384*1',
    });
    await expect(client.ussd.appProfile('a/b')).rejects.toMatchObject({ status: 404 });
    expect(requests[1]?.url).toBe('http://service.test/ussd/app/a%2Fb');
  });
});
