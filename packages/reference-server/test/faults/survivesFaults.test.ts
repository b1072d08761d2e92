/**
 * The fixture shop survives each fault the sandbox's gateway injects (docs/faults.md), through
 * the sandbox over loopback: an event sent twice or an old event delivered late pays once, a
 * dropped answer aborts and the app hears it, a cut closes with Timeout, a corrupt contextData
 * is ignored (memory store) or ends the session safely (contextData store), a delay
 * changes nothing but time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type RunningSandbox, startSandbox } from '../../src/index';
import { type SandboxCalls, sandboxCalls } from '../fault/sandboxClient';
import { type ShopFixture, startShop } from './shopFixture';

let sandbox: RunningSandbox;
let api: SandboxCalls;
let shop: ShopFixture;
let stateless: ShopFixture;
const dials = new Map<ShopFixture, { appId: string; dial: string }>();

async function register(fixture: ShopFixture) {
  const created = await api.call('POST', '/sandbox/apps', {
    clientId: DEMO.clientId,
    url: fixture.url,
  });
  expect(created.status).toBe(201);
  const { appId, shortcode } = created.body as { appId: string; shortcode: string };
  dials.set(fixture, { appId, dial: `*${shortcode}#` });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  api = sandboxCalls(sandbox.url);
  shop = await startShop();
  stateless = await startShop({ store: 'contextData' });
  await register(shop);
  await register(stateless);
});

afterAll(async () => {
  await sandbox?.close();
  await shop?.close();
  await stateless?.close();
});

afterEach(async () => {
  for (const fixture of [shop, stateless]) {
    await api.call('DELETE', `/sandbox/apps/${dials.get(fixture)?.appId}/faults`);
    for (const list of Object.values(fixture.log)) list.length = 0;
  }
});

/** Sets the faults of a fixture's app. */
async function inject(fixture: ShopFixture, faults: Record<string, unknown>) {
  const reply = await api.call('PUT', `/sandbox/apps/${dials.get(fixture)?.appId}/faults`, faults);
  expect(reply.status).toBe(200);
}

/** Dials the fixture and sends each input; resolves with every screen and the session report. */
async function walk(fixture: ShopFixture, inputs: readonly string[]) {
  const first = await api.dial(dials.get(fixture)?.dial ?? '');
  const screens = [first.screen];
  for (const text of inputs) {
    const reply = await api.input(first.sessionId, text);
    expect(reply.status).toBe(200);
    screens.push((reply.body as { screen: string }).screen);
  }
  const report = (await api.report(first.sessionId)) as {
    open: boolean;
    closeReason?: string;
    abortReason?: string;
    abortMessage?: string;
    faults?: { kind: string; event: string; detail: string }[];
    transcript: { text: string }[];
  };
  return { screens, report };
}

const BUY = ['1', '500', '1'];
const SCREENS = [
  'Shop\n1. Buy airtime',
  'Amount in NGN?',
  'Pay NGN 500? 1 to pay',
  'Paid NGN 500. Thank you!',
];

describe('a router app under the gateway faults', () => {
  it('answers an event sent twice the same way, and pays once', async () => {
    await inject(shop, { duplicate: {} });
    const { screens, report } = await walk(shop, BUY);
    expect(screens).toEqual(SCREENS);
    expect(shop.log.paid).toEqual([500]);
    expect(report.faults?.map((f) => `${f.kind} ${f.event}`)).toEqual([
      'duplicate new',
      'duplicate continue',
      'duplicate continue',
      'duplicate continue',
    ]);
    for (const fault of report.faults ?? []) expect(fault.detail).toContain('the same both times');
  });

  it('leaves an old event delivered late without effect, and pays once', async () => {
    await inject(shop, { reorder: {} });
    const { screens, report } = await walk(shop, BUY);
    expect(screens).toEqual(SCREENS);
    // The "1" of the menu, late on the confirmation screen, would have paid a second time.
    expect(shop.log.paid).toEqual([500]);
    expect(report.faults?.map((f) => f.kind)).toEqual(['reorder', 'reorder', 'reorder']);
    expect(report.faults?.[2]?.detail).toContain('the app answered HTTP 200');
  });

  it('hears the abort when the gateway drops its answer, and takes the next dial', async () => {
    await inject(shop, { dropAnswer: {} });
    const { screens, report } = await walk(shop, []);
    expect(screens).toEqual(['Service temporarily unavailable. Please try again later.']);
    expect(report.abortReason).toBe('InternalError');
    expect(report.abortMessage).toContain('dropAnswer fault threw away the answer');
    expect(shop.log.aborted).toEqual(['InternalError']);

    await api.call('DELETE', `/sandbox/apps/${dials.get(shop)?.appId}/faults`);
    expect((await walk(shop, BUY)).screens).toEqual(SCREENS);
  });

  it('hears the Timeout close of a session cut mid-screen', async () => {
    await inject(shop, { cut: {} });
    const { screens, report } = await walk(shop, []);
    expect(screens).toEqual(['Session timed out.']);
    expect(report.closeReason).toBe('Timeout');
    expect(report.faults?.map((f) => f.kind)).toEqual(['cut']);
    expect(shop.log.closed).toEqual(['Timeout']);
    expect(shop.log.paid).toEqual([]);
  });

  it('goes on untouched by a corrupt contextData when its sessions live in its store', async () => {
    await inject(shop, { corruptContextData: {} });
    const { screens, report } = await walk(shop, BUY);
    expect(screens).toEqual(SCREENS);
    expect(shop.log.paid).toEqual([500]);
    expect(report.faults?.[0]?.detail).toBe('sent contextData "1h~corrupted" instead of "h1"');
    expect(shop.log.errors).toEqual([]);
  });

  it('ends the session safely when its sessions live in the contextData', async () => {
    await inject(stateless, { corruptContextData: {} });
    const { screens, report } = await walk(stateless, ['1']);
    // A contextData that does not decrypt is no session: the customer is told to dial again.
    expect(screens[1]).toBe('Your session has expired. Please dial again.');
    expect(report.open).toBe(false);
    expect(report.closeReason).toBe('End');
    expect(stateless.log.paid).toEqual([]);
  });

  it('answers the same after a delay', async () => {
    await inject(shop, { delay: { ms: 20 } });
    const { screens, report } = await walk(shop, BUY);
    expect(screens).toEqual(SCREENS);
    expect(report.faults?.every((f) => f.kind === 'delay')).toBe(true);
    expect(report.faults?.[0]?.detail).toBe('waited 20 ms before sending new');
  });

  it('injects the same faults for the same seed', async () => {
    const run = async () => {
      await inject(shop, {
        seed: 42,
        duplicate: { probability: 0.5 },
        delay: { ms: 1, probability: 0.5 },
      });
      const { report } = await walk(shop, BUY);
      return report.faults?.map((f) => `${f.kind} ${f.event}`) ?? [];
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(shop.log.paid).toEqual([500, 500]);
  });
});
