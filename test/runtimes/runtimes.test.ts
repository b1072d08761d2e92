// The same app, bundled once for a neutral platform, answers whole sessions on every runtime a
// Hono app is deployed to: Node, Bun, Deno (a plain module) and workerd (Cloudflare Workers'
// runtime) with no compatibility flags and with nodejs_compat, at an old and the newest
// compatibility date Miniflare supports. Each runtime comes from npm (bun, deno, miniflare);
// none may be missing. The session is driven through @ussdkit/testing's harness over HTTP, as
// the gateway drives it: new, continue, continue, close, a deadline hit and a replayed event.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HandleRequest } from '@ussdkit/router';
import { createHarness, type UssdHandler } from '@ussdkit/testing';
import { supportedCompatibilityDate } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleApp } from '../../scripts/runtimes/bundleApp';
import {
  onBun,
  onDeno,
  onNode,
  onWorkerd,
  type RunningApp,
  type WorkerdOptions,
} from '../../scripts/runtimes/serveBundle';
import { RUNTIME_TOKEN } from './fixtures/runtimeToken';

/** The app mounted at `<url>/ussd`, as a handler the harness can drive. */
function overHttp(url: string): UssdHandler {
  return {
    async handle(request: HandleRequest) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      const answer = await fetch(`${url}/ussd${request.path}`, {
        method: 'POST',
        headers,
        body: request.body,
      });
      const text = await answer.text();
      return text === ''
        ? { status: answer.status }
        : { status: answer.status, body: JSON.parse(text) as unknown };
    },
  };
}

const oldDate = '2024-01-01';
const workerd = (compatibilityDate: string, compatibilityFlags: string[]): WorkerdOptions => ({
  compatibilityDate,
  compatibilityFlags,
});

const runtimes: { name: string; start: (bundle: string) => Promise<RunningApp> }[] = [
  { name: 'Node', start: onNode },
  { name: 'Bun', start: onBun },
  { name: 'Deno', start: onDeno },
  ...[oldDate, supportedCompatibilityDate].flatMap((date) =>
    [[], ['nodejs_compat']].map((flags) => ({
      name: `workerd ${date}${flags.length > 0 ? ` ${flags.join(',')}` : ' (no flags)'}`,
      start: (bundle: string) => onWorkerd(bundle, workerd(date, flags)),
    })),
  ),
];

let folder = '';
let bundle = '';

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'ussdkit-runtimes-'));
  bundle = await bundleApp(join(import.meta.dirname, 'fixtures', 'flowApp.ts'), folder);
}, 60_000);

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe.each(runtimes)('on $name', ({ start }) => {
  let running: RunningApp;
  let phone: ReturnType<typeof createHarness>;

  beforeAll(async () => {
    running = await start(bundle);
    phone = createHarness(overHttp(running.url), { authToken: RUNTIME_TOKEN });
  }, 60_000);

  afterAll(async () => {
    await running?.close();
  });

  it('answers a whole session: new, continue, continue, then close', async () => {
    const session = await phone.dial('*384*1#');
    session.expectScreen('Runtime shop\n1. Buy airtime\n2. Slow lane');
    await session.pick('Buy airtime');
    session.expectScreen('Amount in NGN?');
    await session.type('20');
    session.expectScreen('The minimum is NGN 50\nAmount in NGN?');
    await session.type('500');
    session.expectScreen('Pay NGN 500? (handled 1x)\n1. Yes\n0. Back\n00. Home');
    await session.cancel();
    session.expectClosed('Abandon');
  });

  it('answers a replayed event with the same answer, without running the handler again', async () => {
    const session = await phone.dial('*384*1#');
    await session.pick('Buy airtime');
    await session.type('750');
    session.expectScreen('Pay NGN 750? (handled 1x)\n1. Yes\n0. Back\n00. Home');
    const replayed = await session.replay();
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({
      action: { type: 'ShowView', view: { title: 'Pay NGN 750? (handled 1x)' } },
    });
    await session.pick('Yes');
    session.expectScreen('Done: NGN 750').expectClosed('End');
  });

  it('answers the deadline message when a handler outlives deadlineMs', async () => {
    const session = await phone.dial('*384*1#');
    await session.pick('Slow lane');
    await session.type('anything');
    session.expectScreen('We are still working on your request. Please try again shortly.');
  });

  it('refuses a wrong token with 401 and a JSON body', async () => {
    const answer = await createHarness(overHttp(running.url), { authToken: 'wrong' })
      .dial('*384*1#')
      .catch((error: unknown) => error);
    expect(String(answer)).toMatch(/401/);
  });
});
