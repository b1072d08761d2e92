/**
 * The sandbox speaks each gateway's protocol (issue 26, decision 0045): an app registered with
 * `protocol: "hubtel" | "arkesel" | "nalo" | "beem" | "infobip"` is called the way that gateway
 * calls it. Each provider's tiny app (a `node:http` server, providers/) walks the example session
 * of its reference; every step goes over HTTP: the phone through the sandbox API, the gateway to
 * the app, time through `POST /sandbox/clock/advance`.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ASK_AMOUNT, ASK_PIN, BALANCE, bought, MENU } from './providers/exampleSession';
import {
  asExpected,
  byTitle,
  linesFrom,
  PHONE,
  type ProviderApps,
  type ProvidersWorld,
  startProvidersWorld,
  URL_SECRET,
} from './providers/providerCases';
import type { SandboxUnderTest } from './sandboxHarness';

let apps: ProviderApps;
let sandbox: SandboxUnderTest;
let world: ProvidersWorld | undefined;

beforeAll(async () => {
  world = await startProvidersWorld();
  ({ apps, sandbox } = world);
});

afterAll(async () => {
  await world?.close();
});

describe.each(byTitle)('an app on %s’s protocol', (_title, provider) => {
  const { protocol, code } = provider;
  const app = () => apps[protocol];
  const dial = (suffix = '') => sandbox.dial(`*384*${code}${suffix}#`, PHONE);

  it('walks the example session of the reference, each request as the provider sends it', async () => {
    const first = await dial();
    const id = first.sessionId;
    expect(first).toMatchObject({ screen: MENU, open: true });
    expect(await sandbox.input(id, '1')).toMatchObject({ screen: ASK_AMOUNT, open: true });
    expect(await sandbox.input(id, '500')).toMatchObject({ screen: bought('500'), open: false });
    const report = await sandbox.report(id);
    expect(report).toMatchObject({ open: false, closeReason: 'End', ticks: 1, fee: 2 });
    const sent = app().of(id).slice(0, 3);
    expect(sent.map(asExpected)).toEqual(provider.session(id));
    for (const request of sent) {
      expect(request.contentType).toBe('application/json');
      // No provider sends a token: a secret goes in the URL's query.
      expect(request.authorization).toBeUndefined();
    }
    // The transcript shows the provider's requests and the app's answers as sent.
    const gateway = linesFrom(report, 'gateway').filter((t) => t.startsWith(`${protocol} `));
    expect(gateway.slice(0, 3).map((t) => JSON.parse(t.slice(t.indexOf('{'))))).toEqual(
      provider.session(id).map((expected) => expected.body),
    );
    expect(linesFrom(report, 'app').length).toBeGreaterThanOrEqual(3);
    expect(linesFrom(report, 'app')[2]).toContain('You bought GHS 500 of airtime.');
    expect(JSON.stringify(report)).not.toContain(URL_SECRET);
    for (const request of sent) expect(request.query).toBe(`secret=${URL_SECRET}`);
  });

  it('sends a deep link (*384*<code>*1#) the way the provider does', async () => {
    const first = await dial('*1');
    expect(app().of(first.sessionId)[0]).toMatchObject(provider.deepLink(first.sessionId));
    const report = await sandbox.report(first.sessionId);
    if (protocol === 'beem') {
      // Beem sends no dialled string: the app opens at its menu, and the transcript says why.
      expect(first.screen).toBe(MENU);
      expect(linesFrom(report, 'gateway')).toContain(
        "Beem sends no dialled string: the segments *1 dialled after the app's code are not sent",
      );
    } else {
      expect(first.screen).toBe(ASK_AMOUNT);
    }
    await sandbox.cancel(first.sessionId);
  });

  it('masks an input typed on a screen the app marks secret, in the report and the logged request', async () => {
    const first = await dial();
    const asked = await sandbox.input(first.sessionId, '2');
    expect(asked).toMatchObject({ screen: ASK_PIN, open: true, secret: true });
    expect(await sandbox.input(first.sessionId, '739154')).toMatchObject({
      screen: BALANCE,
      open: false,
    });
    // The app got the PIN: masking is the sandbox's.
    expect(app().secrets).toContain('739154');
    const report = await sandbox.report(first.sessionId);
    expect(JSON.stringify(report)).not.toContain('739154');
    expect(linesFrom(report, 'phone')).toEqual([`*384*${code}#`, '2', '••••']);
    const logged = linesFrom(report, 'gateway').filter((t) => t.startsWith(`${protocol} `));
    expect(logged[2]).toContain('••••');
  });

  it('ends the session with the provider’s out-of-band end when the phone hangs up', async () => {
    const first = await dial();
    await sandbox.input(first.sessionId, '1');
    await sandbox.cancel(first.sessionId);
    const report = await sandbox.report(first.sessionId);
    expect(report).toMatchObject({ open: false, closeReason: 'Abandon' });
    if (provider.end === undefined) {
      expect(app().of(first.sessionId)).toHaveLength(2);
      expect(linesFrom(report, 'gateway').at(-1)).toBe(
        `${provider.title} sends no end-of-session request: nothing sent to the app`,
      );
      return;
    }
    await vi.waitFor(() => expect(app().of(first.sessionId)).toHaveLength(3));
    expect(asExpected(app().of(first.sessionId)[2] as never)).toEqual(
      provider.end(first.sessionId, 'Abandon'),
    );
    await vi.waitFor(async () => {
      const ended = await sandbox.report(first.sessionId);
      expect(linesFrom(ended, 'gateway').some((t) => t.startsWith(`${protocol} end `))).toBe(true);
    });
  });

  it('ends the session with the provider’s out-of-band end at the 120 s limit', async () => {
    const first = await dial();
    await sandbox.input(first.sessionId, '1');
    await sandbox.advance(121);
    const report = await sandbox.report(first.sessionId);
    expect(report).toMatchObject({ open: false, closeReason: 'Timeout', ticks: 6, fee: 12 });
    if (provider.end === undefined) {
      expect(app().of(first.sessionId)).toHaveLength(2);
      return;
    }
    await vi.waitFor(() => expect(app().of(first.sessionId)).toHaveLength(3));
    expect(asExpected(app().of(first.sessionId)[2] as never)).toEqual(
      provider.end(first.sessionId, 'Timeout'),
    );
  });
});
