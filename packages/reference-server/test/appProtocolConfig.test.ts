import { describe, expect, it } from 'vitest';
import { createSandbox } from '../src/index';

const developer = { clientId: 'dev', clientSecret: 'secret' };
const app = { appId: 'a', clientId: 'dev', appCode: '7', url: 'http://127.0.0.1:3000/at' };

describe('the protocol of an app in a configuration', () => {
  it("accepts an Africa's Talking app with its notifications URL", async () => {
    const sandbox = createSandbox({
      config: {
        developers: [developer],
        apps: [{ ...app, protocol: 'africastalking', notificationsUrl: app.url }],
      },
    });
    await sandbox.close();
  });

  it.each(['hubtel', 'arkesel', 'nalo', 'beem', 'infobip'] as const)(
    'accepts an app of the %s protocol',
    async (protocol) => {
      const sandbox = createSandbox({
        config: { developers: [developer], apps: [{ ...app, protocol }] },
      });
      await sandbox.close();
    },
  );

  it.each([
    [{ protocol: 'soap' }, 'apps.0.protocol'],
    [
      { protocol: 'hubtel', notificationsUrl: 'http://127.0.0.1:3000/events' },
      'apps.0.notificationsUrl',
    ],
    [{ notificationsUrl: 'http://127.0.0.1:3000/events' }, 'apps.0.notificationsUrl'],
    [{ protocol: 'africastalking', notificationsUrl: 'events' }, 'apps.0.notificationsUrl'],
  ])('refuses %j, naming %s', (fields, path) => {
    expect(() =>
      createSandbox({
        config: { developers: [developer], apps: [{ ...app, ...fields } as never] },
      }),
    ).toThrow(path);
  });
});
