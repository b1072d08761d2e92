import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createApp, memoryStore, type SessionStore } from '@ussdkit/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEFAULT_RETAINED_ENDED_SESSIONS,
  DEMO,
  type RunningSandbox,
  startSandbox,
} from '../../src/index';

/**
 * Load: CONCURRENCY phones walk a demo-like router app (menu -> amount input -> info) through the
 * sandbox for LOAD_SECONDS (5 s by default, 60 s in the long form). Afterwards no session is
 * open in the gateway or kept in the router's store, and the heap is back near its baseline.
 */
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 500);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

let store: SessionStore;
let server: Server;
let sandbox: RunningSandbox;
let dialString: string;

function demoApp() {
  return createApp({
    state: z.object({ product: z.string().optional(), amount: z.number().optional() }),
    start: 'menu',
    store,
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Airtime shop',
        items: [
          { label: 'Buy airtime', value: 'airtime' },
          { label: 'Buy data', value: 'data' },
        ],
        targets: ['amount'],
        next: (item, ctx) => {
          ctx.state.product = String(item.value);
          return ctx.go('amount');
        },
      }),
      amount: input({
        text: 'Amount (NGN)?',
        validate: z.coerce.number().int().min(50, 'Minimum is 50'),
        targets: ['done'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('done');
        },
      }),
      done: info({ text: (ctx) => `Sent ${ctx.state.amount} NGN of ${ctx.state.product}.` }),
    }),
  });
}

async function call(
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  store = memoryStore();
  const app = demoApp();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const answer = await app.handle({
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });
  server.keepAliveTimeout = 10_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  sandbox = await startSandbox({ port: 0, quiet: true });
  const created = await call('/sandbox/apps', {
    clientId: DEMO.clientId,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
  dialString = `*${created.body.shortcode as string}#`;
});

afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await sandbox?.close();
});

describe(`the sandbox under load (${CONCURRENCY} concurrent sessions, ${LOAD_SECONDS} s)`, () => {
  it('walks every flow without an error, leaks no session, and gives the memory back', {
    timeout: (LOAD_SECONDS + 120) * 1000,
  }, async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    const baseline = heapAfterGc();
    const sessionIds: string[] = [];
    const failures: string[] = [];
    const until = Date.now() + LOAD_SECONDS * 1000;

    const walk = async (phone: number): Promise<void> => {
      const msisdn = `0803${String(phone).padStart(7, '0')}`;
      const first = await call('/sandbox/sessions', { msisdn, dial: dialString });
      const sessionId = String(first.body.sessionId);
      sessionIds.push(sessionId);
      const expect = (
        step: string,
        answer: { status: number; body: Record<string, unknown> },
        screen: string,
        open: boolean,
      ) => {
        if (answer.status !== 200 || answer.body.screen !== screen || answer.body.open !== open) {
          failures.push(`${step} ${sessionId}: ${answer.status} ${JSON.stringify(answer.body)}`);
          return false;
        }
        return true;
      };
      if (!expect('dial', first, 'Airtime shop\n1. Buy airtime\n2. Buy data', true)) return;
      const choice = phone % 2 === 0 ? '1' : '2';
      const product = choice === '1' ? 'airtime' : 'data';
      const amount = await call(`/sandbox/sessions/${sessionId}/input`, { text: choice });
      if (!expect('choice', amount, 'Amount (NGN)?', true)) return;
      const done = await call(`/sandbox/sessions/${sessionId}/input`, { text: '100' });
      expect('amount', done, `Sent 100 NGN of ${product}.`, false);
    };
    const phone = async (index: number): Promise<void> => {
      while (Date.now() < until) {
        try {
          await walk(index);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => phone(index)));

    process.off('warning', onWarning);
    expect(failures.slice(0, 5)).toEqual([]);
    // No "possible memory leak" warning from Node either (e.g. listeners piling up on a signal).
    expect(warnings).toEqual([]);
    expect(sessionIds.length).toBeGreaterThanOrEqual(CONCURRENCY);

    // No session left open in the gateway, none left in the router's store. Ended sessions
    // past the retention (the latest 10,000 by default) answer 404; all of them are billed.
    let open = 0;
    let kept = 0;
    let dropped = 0;
    for (let i = 0; i < sessionIds.length; i += 200) {
      const batch = sessionIds.slice(i, i + 200);
      const answers = await Promise.all(batch.map((id) => call(`/sandbox/sessions/${id}`)));
      dropped += answers.filter((answer) => answer.status === 404).length;
      const reports = answers.filter((answer) => answer.status !== 404).map((a) => a.body);
      open += reports.filter((report) => report.open || report.closeReason !== 'End').length;
      kept += (await Promise.all(batch.map((id) => store.load(id, '')))).filter(
        (r) => r !== undefined,
      ).length;
    }
    expect({ open, kept }).toEqual({ open: 0, kept: 0 });
    expect(dropped).toBe(Math.max(0, sessionIds.length - DEFAULT_RETAINED_ENDED_SESSIONS));
    const history = await call('/sandbox/history');
    const billed = new Set(
      (history.body as unknown as { type: string; sessionId: string }[])
        .filter((entry) => entry.type === 'session')
        .map((entry) => entry.sessionId),
    );
    expect(sessionIds.filter((id) => !billed.has(id))).toEqual([]);

    // Memory: the gateway keeps the latest 10,000 ended sessions' reports and transcripts (the
    // default retention), so the bound allows a few KiB per kept session on top of a generous
    // 64 MiB; what must not stay is the in-flight state of the concurrent sessions.
    const after = heapAfterGc();
    const perSession = 8 * 1024;
    console.info(
      `load: ${sessionIds.length} sessions in ${LOAD_SECONDS} s, heap ${(baseline / 2 ** 20).toFixed(1)} -> ${(after / 2 ** 20).toFixed(1)} MiB`,
    );
    expect(after - baseline).toBeLessThan(
      64 * 2 ** 20 + Math.min(sessionIds.length, DEFAULT_RETAINED_ENDED_SESSIONS) * perSession,
    );
  });
});
