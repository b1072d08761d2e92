import { z } from 'zod';
import { createApp } from '../../src/index';

/** Bodies of the four events of one session, as the gateway sends them. */
export function wireEvents(sessionId: string) {
  const base = { clientId: 'client-1', appId: 'app-1', sessionId };
  return {
    new: {
      ...base,
      msisdn: '+2348030000000',
      operator: 'mtn',
      input: { type: 'Dial', shortcodeString: '*384*1#' },
    },
    continue: (value: string) => ({
      ...base,
      result: { type: 'InputResult', value },
      contextData: '',
    }),
    close: { ...base, reason: { type: 'End' }, contextData: '' },
    abort: { ...base, reason: { type: 'InternalError' } },
  };
}

/**
 * The smallest real router app: asks a name, greets, ends. The Express and Hono adapters' tests
 * both mount it (imported by relative path, as the shared fuzz helpers are).
 */
export function smallApp(options: { authToken?: string; maxBodyBytes?: number }) {
  return createApp({
    state: z.object({ name: z.string().optional() }),
    start: 'name',
    ...(options.authToken === undefined ? {} : { authToken: options.authToken }),
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
    // The fuzz tests send hostile events on purpose (an input to a final screen, say): the
    // errors they cause are expected, and the customer-facing answer is what they check.
    onError: () => undefined,
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
}
