import { createApp, type ErrorInfo, memoryStore, type SessionStore } from '@ussdkit/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { africasTalking } from '../src/africasTalking';
import { atRequest } from './atPhone';

// Six digits: a four-digit PIN turns up by chance in the ids and timestamps the reports carry (a v4 UUID's third group is 4xxx).
const PIN = '739154';

/**
 * Everything the app and the adapter say, from every channel: the console (the default error
 * report), a structured logger (every level), `app.observe` (events and errors), and the answers.
 */
function channels() {
  const said: string[] = [];
  const keep = (...parts: unknown[]) => {
    for (const part of parts) {
      said.push(
        part instanceof Error
          ? `${part.name}: ${part.message}\n${part.stack}`
          : (JSON.stringify(part) ?? String(part)),
      );
    }
  };
  for (const level of ['error', 'warn', 'log', 'info', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation(keep);
  }
  const logger = { error: keep, warn: keep, info: keep, debug: keep };
  return { said, logger, keep };
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** A PIN screen, then a step that fails on demand. */
function pinApp(options: {
  logger?: object;
  store?: SessionStore;
  onError?: (e: unknown, i: ErrorInfo) => void;
}) {
  return createApp({
    state: z.object({ paid: z.boolean().optional() }),
    start: 'menu',
    ...(options.logger === undefined ? {} : { logger: options.logger as never }),
    ...(options.store === undefined ? {} : { store: options.store }),
    ...(options.onError === undefined ? {} : { onError: options.onError }),
    screens: ({ chooser, input, info }) => ({
      menu: chooser({ title: 'Pay', items: [{ label: 'Pay a bill', next: 'pin' }] }),
      pin: input({ text: 'PIN?', secret: true, next: 'confirm' }),
      confirm: chooser({
        title: 'Confirm?',
        items: [
          { label: 'Yes', next: 'done' },
          { label: 'Fail', next: 'broken' },
        ],
      }),
      broken: info({
        text: () => {
          throw new Error('the biller is down');
        },
      }),
      done: info({ text: 'Paid' }),
    }),
  });
}

const form = (sessionId: string, text: string, phoneNumber = '+254711000001') =>
  atRequest({ sessionId, serviceCode: '*384*1234#', phoneNumber, networkCode: '63902', text });

describe("no report carries a PIN typed on a secret screen (Africa's Talking, native)", () => {
  it("Africa's Talking: a path that does not extend, another phone, a failing screen, a store outage, all logged by default", async () => {
    const { said, logger } = channels();
    let failing = false;
    const memory = memoryStore();
    const store: SessionStore = {
      ...memory,
      withLock: (id, task, lock) => memory.withLock(id, task, lock),
      load: (id, data) =>
        failing ? Promise.reject(new Error('store down')) : memory.load(id, data),
    };
    for (const app of [pinApp({ store }), pinApp({ logger })]) {
      const handler = africasTalking(app);
      const answers: string[] = [];
      const send = async (request: Request) => {
        const answer = await handler(request);
        answers.push(await answer.text(), JSON.stringify([...answer.headers]));
        return answers.at(-2);
      };
      const id = `ATUid_${said.length}`;
      await send(form(`${id}a`, ''));
      await send(form(`${id}a`, '1'));
      expect(await send(form(`${id}a`, `1*${PIN}`))).toMatch(/^CON Confirm\?\n1\. Yes\n2\. Fail/);
      // A text that does not extend the path: the adapter's own failure, reported.
      expect(await send(form(`${id}a`, `9*${PIN}`))).toBe(
        'END Service unavailable, please try again',
      );
      await send(form(`${id}b`, ''));
      await send(form(`${id}b`, '1'));
      await send(form(`${id}b`, `1*${PIN}`));
      expect((await handler(form(`${id}b`, `1*${PIN}*1`, '+254700000000'))).status).toBe(403);
      expect(await send(form(`${id}b`, `1*${PIN}*2`))).toBe(
        'END Service unavailable, please try again',
      );
      await send(form(`${id}c`, ''));
      await send(form(`${id}c`, '1'));
      await send(form(`${id}c`, `1*${PIN}`));
      failing = true;
      await send(form(`${id}c`, `1*${PIN}*1`));
      failing = false;
      said.push(...answers);
    }
    const reports = said.join('\n');
    expect(reports).toContain('does not extend');
    expect(reports).toContain('another phone number');
    // That one was a refusal: its report says so, not that the customer saw "unavailable".
    expect(reports).toMatch(
      /\(the request was refused with 403\): Error: a request of this session came from another phone number/,
    );
    expect(reports).toContain('the biller is down');
    expect(reports).toContain('store down');
    expect(reports).not.toContain(PIN);
  });

  it('native (app.fetch): the secret step, a failing screen after it, errors logged, never the PIN', async () => {
    const { said, logger } = channels();
    const app = pinApp({ logger });
    const observed: string[] = [];
    app.observe({
      event: (event) => observed.push(JSON.stringify(event)),
      error: (error, info) => observed.push(String(error), JSON.stringify(info)),
    });
    const post = async (event: string, body: object) => {
      const answer = await app.fetch(
        new Request(`https://app.example/ussdSessionEvent/${event}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      const text = await answer.text();
      said.push(text);
      return (text === '' ? { contextData: '' } : JSON.parse(text)) as { contextData: string };
    };
    const ids = { clientId: 'c', appId: 'a', sessionId: 'n-1' };
    let last = await post('new', {
      ...ids,
      msisdn: '+2348030000000',
      operator: 'mtn',
      input: { type: 'Dial', shortcodeString: '*384*1#' },
    });
    for (const value of ['1', PIN, '2']) {
      last = await post('continue', {
        ...ids,
        result: { type: 'InputResult', value },
        contextData: last.contextData,
      });
    }
    const reports = [...said, ...observed].join('\n');
    expect(reports).toContain('the biller is down');
    expect(reports).toContain('[redacted]');
    expect(reports).not.toContain(PIN);
  });
});
