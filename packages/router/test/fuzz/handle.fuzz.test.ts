import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validEvents } from '../../../protocol/test/fuzz/appEventTargets';
import { hostileBody } from '../../../protocol/test/fuzz/hostileBody';
import { createApp, SessionAlreadyOpenError } from '../../src/index';
import { UnexpectedResultError } from '../../src/internal/engine/FlowEngine';

/**
 * `app.handle` itself, without HTTP: hostile bodies on every event path, and other paths, never
 * give a 5xx; a path other than the four is 404 and a body not declared JSON 415 (app.precheck).
 */
const errors: unknown[] = [];
const app = createApp({
  state: z.object({ name: z.string().optional() }),
  start: 'name',
  onError: (error) => errors.push(error),
  screens: ({ input, info }) => ({
    name: input({
      text: 'Name?',
      targets: ['hello'],
      next: (name, ctx) => {
        ctx.state.name = name;
        return ctx.go('hello');
      },
    }),
    hello: info({ text: (ctx) => `Hello ${ctx.state.name ?? ''}` }),
  }),
});

const decoder = new TextDecoder();
/** Mostly the four endpoint paths (relative to the mount, as adapters pass them), some others. */
const path = (event: string) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(`/ussdSessionEvent/${event}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `/ussd/ussdSessionEvent/${event}`,
        `/ussdSessionEvent/${event}/x`,
        '/ussdSessionEvent/',
        '/',
        '/../ussdSessionEvent/new',
        `/ussdSessionEvent/${event.toUpperCase()}`,
      ),
    },
    { weight: 1, arbitrary: fc.string().map((text) => `/${text}`) },
  );
const request = fc.oneof(
  ...Object.entries(validEvents).map(([event, valid]) =>
    fc.record({ event: fc.constant(event), path: path(event), body: hostileBody(valid) }),
  ),
);
const isJson = (contentType: string | undefined) =>
  contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';

describe('createApp().handle on hostile bodies', () => {
  it('answers 2xx or a 4xx {code, message}, never a 5xx, and reports no unexpected error', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ event, path, body }) => {
        const answer = await app.handle({
          path,
          headers: body.contentType === undefined ? {} : { 'content-type': body.contentType },
          body: decoder.decode(body.body),
        });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expect(answer.status).toBeLessThan(500);
        // The checks before the body, in their order: the path, then the declared type.
        if (path !== `/ussdSessionEvent/${event}`) expect(answer.status).toBe(404);
        else if (!isJson(body.contentType)) expect(answer.status).toBe(415);
        if (answer.status >= 400) {
          expect(answer.body).toMatchObject({
            code: expect.any(String),
            message: expect.any(String),
          });
        }
      }),
      { numRuns: 3000 },
    );
    // The fuzzer reached the handlers, not only the checks before them.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(404) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(415) ?? 0).toBeGreaterThan(0);
    // A valid continue can land on a session already answered with its InfoView (the fuzzer
    // reuses session ids): the router reports that gateway misbehaviour as UnexpectedResultError,
    // by design; so is a second new for an open session (409, SessionAlreadyOpenError). Anything
    // else reaching onError is a bug.
    const expected = (error: unknown) =>
      error instanceof UnexpectedResultError || error instanceof SessionAlreadyOpenError;
    expect(errors.filter((error) => !expected(error))).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
