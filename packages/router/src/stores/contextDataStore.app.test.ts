import { randomBytes } from 'node:crypto';
import { createUpstreamValidator } from '@ussdkit/protocol/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, DEFAULT_MESSAGES } from '../index';
import { contextDataStore } from './contextDataStore';
import { ContextDataTooLargeError } from './contextDataStoreErrors';

const validator = createUpstreamValidator();
const secret = 'an-app-secret-of-at-least-32-characters';

function notesApp(onError: (error: unknown) => void, maxBytes?: number) {
  return createApp({
    state: z.object({ note: z.string().default('') }),
    start: 'note',
    store: contextDataStore(maxBytes === undefined ? { secret } : { secret, maxBytes }),
    onError,
    screens: ({ input, info }) => ({
      note: input({
        text: 'Note?',
        targets: ['saved'],
        next: (note, ctx) => {
          ctx.state.note = note;
          return ctx.go('saved');
        },
      }),
      saved: info({ text: (ctx) => `Saved ${ctx.state.note}` }),
    }),
  });
}

const request = (path: string, body: object) => ({
  path: `/ussdSessionEvent/${path}`,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ clientId: 'c', appId: 'a', sessionId: 's1', ...body }),
});
const dial = request('new', {
  msisdn: '+2348030000000',
  operator: 'mtn',
  input: { type: 'Dial', shortcodeString: '*384*1#' },
});
const type = (value: string, contextData: string) =>
  request('continue', { result: { type: 'InputResult', value }, contextData });

type Command = { action: { view: { type: string; message: string } }; contextData: string };

describe('an app on contextDataStore', () => {
  it('keeps its state in the encrypted contextData between events', async () => {
    const app = notesApp(() => {});
    const first = (await app.handle(dial)).body as Command;
    expect(first.contextData).toMatch(/^v2\./);
    const second = await app.handle(type('milk', first.contextData));
    expect(validator.appResponse(second.body).errors).toEqual([]);
    expect((second.body as Command).action.view.message).toBe('Saved milk');
  });

  it('does not resume a session from a tampered contextData', async () => {
    const app = notesApp(() => {});
    const first = (await app.handle(dial)).body as Command;
    const tampered = `${first.contextData.slice(0, -3)}abc`;
    const answer = await app.handle(type('milk', tampered));
    expect(answer.status).toBe(200);
    expect(validator.appResponse(answer.body).errors).toEqual([]);
    expect((answer.body as Command).action.view.message).not.toBe('Saved milk');
    expect((answer.body as Command).action.view.message).toBe(DEFAULT_MESSAGES.expired);
  });

  it('reports ContextDataTooLargeError and answers the safe view when the state outgrows it', async () => {
    const errors: unknown[] = [];
    const app = notesApp((error) => errors.push(error), 1500);
    const first = (await app.handle(dial)).body as Command;
    expect(first.contextData).toMatch(/^v2\./);
    const answer = await app.handle(type(randomBytes(1500).toString('hex'), first.contextData));
    expect(validator.appResponse(answer.body).errors).toEqual([]);
    expect((answer.body as Command).action.view.message).toBe(DEFAULT_MESSAGES.unavailable);
    expect(errors.some((error) => error instanceof ContextDataTooLargeError)).toBe(true);
  });
});
