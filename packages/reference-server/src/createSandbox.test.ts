import { ProtocolError } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { createSandbox } from './createSandbox';
import { DEMO } from './demoConfig';

describe('createSandbox', () => {
  it('answers requests without a socket', async () => {
    const sandbox = createSandbox();
    const health = await sandbox.fetch(new Request('http://sandbox/health'));
    expect(await health.json()).toEqual({ status: 'ok' });
    const info = await sandbox.fetch(
      new Request('http://sandbox/client/info', {
        headers: { 'x-client-id': DEMO.clientId, 'x-client-secret': DEMO.clientSecret },
      }),
    );
    expect(await info.json()).toMatchObject({ name: 'Demo Developer' });
    await sandbox.close();
  });

  it('serves the web phone at / and JSON 404 for other unknown paths', async () => {
    const sandbox = createSandbox();
    const page = await sandbox.fetch(new Request('http://sandbox/'));
    expect(page.headers.get('content-type')).toContain('text/html');
    const missing = await sandbox.fetch(new Request('http://sandbox/nothing.txt'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const without = createSandbox({ webPhone: false });
    expect((await without.fetch(new Request('http://sandbox/'))).status).toBe(404);
    await sandbox.close();
    await without.close();
  });

  it('uses the main code it is given in short codes', async () => {
    const sandbox = createSandbox({ mainCode: '425' });
    const profile = await sandbox.fetch(
      new Request(`http://sandbox/ussd/app/${DEMO.appId}`, {
        headers: { 'x-client-id': DEMO.clientId, 'x-client-secret': DEMO.clientSecret },
      }),
    );
    expect(await profile.json()).toMatchObject({ shortcode: '425*1' });
    await sandbox.close();
  });

  it('refuses an invalid configuration, naming the field', () => {
    const config = {
      developers: [{ clientId: 'a', clientSecret: 'b' }],
      apps: [{ appId: 'x', clientId: 'nobody', appCode: '1', url: 'http://127.0.0.1:1' }],
    };
    expect(() => createSandbox({ config })).toThrow(ProtocolError);
    expect(() => createSandbox({ config })).toThrow(/apps\.0\.clientId/);
  });
});
