/**
 * `sessionTag` (upstream 1.6.4, docs/reference/upstream-facts.md section 7: "Optional string in
 * UssdSessionCommand. It appears in billing; a newer tag replaces the older one."): the session's
 * latest tag shows in its report and in its billed entry of `GET /sandbox/history`. Over HTTP
 * against a freshly started sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command, show, startTestApp, type TestApp, type Wire } from './gatewayHarness';
import { type SandboxUnderTest, startSandboxUnderTest } from './sandboxHarness';

const PHONE = '08031234567';

describe('gateway: sessionTag in billing', () => {
  let caller: TestApp;
  let destination: TestApp;
  let sandbox: SandboxUnderTest;

  beforeAll(async () => {
    // The dial's segment picks what the caller does: 1 tags twice, 2 redirects, 3 never tags,
    // 4 tags once then answers without a tag.
    caller = await startTestApp((event, body: Wire) => {
      const kind =
        event === 'new' ? String(body.input.shortcodeString).slice(-2, -1) : body.contextData;
      if (event === 'new' && kind === '2') {
        return {
          json: {
            action: { type: 'Redirect', destinationAppId: 'dest' },
            contextData: '2',
            sessionTag: 'caller-tag',
          },
        };
      }
      if (event === 'new') {
        const tag = kind === '3' ? undefined : 'menu';
        return show({ type: 'InputView', message: 'Name?' }, kind, tag);
      }
      if (event === 'continue' && kind === '1') {
        return show({ type: 'InfoView', message: 'Bye' }, kind, 'checkout');
      }
      if (event === 'continue') return show({ type: 'InfoView', message: 'Bye' }, kind);
      return undefined;
    });
    destination = await startTestApp((event) =>
      event === 'new'
        ? show({ type: 'InputView', message: 'Destination' }, 'd', 'destination-tag')
        : event === 'continue'
          ? command({ type: 'ReturnFromRedirect', resultParams: {} }, 'd')
          : undefined,
    );
    sandbox = await startSandboxUnderTest({
      developers: [
        { clientId: 'caller-dev', clientSecret: 'c-secret' },
        { clientId: 'dest-dev', clientSecret: 'd-secret' },
      ],
      apps: [
        { appId: 'caller', clientId: 'caller-dev', appCode: '12', url: caller.url },
        { appId: 'dest', clientId: 'dest-dev', appCode: '40', url: destination.url },
      ],
    });
  });

  afterAll(async () => {
    await sandbox.close();
    await caller.close();
    await destination.close();
    expect(caller.violations).toEqual([]);
    expect(destination.violations).toEqual([]);
  });

  /** The session's billed entry in the history of the developer charged. */
  const billed = async (sessionId: string, clientId = 'caller-dev') =>
    (await sandbox.history(clientId)).find(
      (entry) => entry.type === 'session' && entry.sessionId === sessionId,
    );

  it('bills the latest tag: a newer tag replaces the older one', async () => {
    const first = await sandbox.dial('*384*12*1#', PHONE);
    expect((await sandbox.report(first.sessionId)).sessionTag).toBe('menu');
    await sandbox.input(first.sessionId, 'Ada');
    expect((await sandbox.report(first.sessionId)).sessionTag).toBe('checkout');
    expect(await billed(first.sessionId)).toMatchObject({ sessionTag: 'checkout', ticks: 1 });
  });

  it('keeps the latest tag when a later answer has none', async () => {
    const first = await sandbox.dial('*384*12*4#', PHONE);
    await sandbox.input(first.sessionId, 'Ada');
    expect((await sandbox.report(first.sessionId)).sessionTag).toBe('menu');
    expect(await billed(first.sessionId)).toMatchObject({ sessionTag: 'menu' });
  });

  it('bills no tag for a session whose app never set one', async () => {
    const first = await sandbox.dial('*384*12*3#', PHONE);
    await sandbox.input(first.sessionId, 'Ada');
    expect((await sandbox.report(first.sessionId)).sessionTag).toBeUndefined();
    const entry = await billed(first.sessionId);
    expect(entry).toBeDefined();
    expect(entry).not.toHaveProperty('sessionTag');
  });

  // spec, Limits 4: "only the caller of the redirection is charged, for the whole session from
  // start to end": its billed entry carries the session's latest tag, whichever app set it.
  it('bills the caller of a redirect with the latest tag of either app', async () => {
    const first = await sandbox.dial('*384*12*2#', PHONE);
    expect(first.screen).toBe('Destination');
    await sandbox.input(first.sessionId, 'back');
    await sandbox.cancel(first.sessionId);
    expect((await sandbox.report(first.sessionId)).sessionTag).toBe('destination-tag');
    expect(await billed(first.sessionId)).toMatchObject({ sessionTag: 'destination-tag' });
    expect(await billed(first.sessionId, 'dest-dev')).toBeUndefined();
  });
});
