import { describe, expect, it } from 'vitest';
import { useMockService } from '../../test/mswServer';
import { AuthenticationError } from '../errors';
import { UssdkitClient } from '../UssdkitClient';

const { fresh } = useMockService();

describe('client.clientInfo', () => {
  it('reads the profile', async () => {
    const { client } = fresh({ developer: { callbackUrl: 'https://shop.test/cb' } });
    expect(await client.clientInfo.get()).toEqual({
      msisdn: '+2348000000000',
      callback: 'https://shop.test/cb',
      name: 'Demo Developer',
      emailAddress: 'demo@example.com',
      country: 'NG',
    });
  });

  it('throws AuthenticationError on 401, never retried', async () => {
    fresh();
    const client = new UssdkitClient({
      baseUrl: 'http://service.test',
      clientId: 'demo-client',
      clientSecret: 'x',
    });
    const error = await client.clientInfo.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});
