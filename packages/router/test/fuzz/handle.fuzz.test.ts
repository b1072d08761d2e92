import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validEvents } from '../../../protocol/test/fuzz/appEventTargets';
import { hostileBody } from '../../../protocol/test/fuzz/hostileBody';
import { createApp } from '../../src/index';
import { UnexpectedResultError } from '../../src/internal/FlowEngine';

/** `app.handle` itself, without HTTP: hostile bodies on every event path never give a 5xx. */
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
const request = fc.oneof(
  ...Object.entries(validEvents).map(([event, valid]) =>
    hostileBody(valid).map((body) => ({ event, body })),
  ),
);

describe('createApp().handle on hostile bodies', () => {
  it('answers 2xx or a 4xx {code, message}, never a 5xx, and reports no unexpected error', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ event, body }) => {
        const answer = await app.handle({
          path: `/ussd/ussdSessionEvent/${event}`,
          headers: body.contentType === undefined ? {} : { 'content-type': body.contentType },
          body: decoder.decode(body.body),
        });
        expect(answer.status).toBeLessThan(500);
        if (answer.status >= 400) {
          expect(answer.body).toMatchObject({
            code: expect.any(String),
            message: expect.any(String),
          });
        }
      }),
      { numRuns: 3000 },
    );
    // A valid continue can land on a session already answered with its InfoView (the fuzzer
    // reuses session ids): the router reports that gateway misbehaviour as UnexpectedResultError,
    // by design. Anything else reaching onError is a bug.
    expect(errors.filter((error) => !(error instanceof UnexpectedResultError))).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
