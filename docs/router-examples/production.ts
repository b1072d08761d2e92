// Production settings: store, auth token, deadline, texts, hooks, navigation keys.
import { createApp, memoryStore, type RouterEvent } from '@ussdkit/router';
import { z } from 'zod';

const log = (event: RouterEvent) => console.log(JSON.stringify(event));

export const app = createApp({
  state: z.object({ name: z.string().optional() }),
  start: 'name',
  store: memoryStore({ ttlMs: 180_000, maxSessions: 50_000 }), // or redisStore / contextDataStore
  authToken: process.env.USSD_APP_TOKEN ?? 'dev-token', // the Authorization header must match
  deadlineMs: 3000,
  screenLimits: { gsm7: 160 },
  navigation: {
    back: { key: '0', label: 'Back' },
    home: false,
    more: { key: '99', label: 'Next' },
  },
  messages: {
    unavailable: 'Sorry, something went wrong. Please dial again.',
    deadline: 'Still working on it: we will send you an SMS.',
  },
  onEvent: log,
  onError: (error, { sessionId, event }) => console.error('ussd error', sessionId, event, error),
  onClose: ({ sessionId, reason, state }) => {
    if (reason.type === 'Timeout') console.log('timed out', sessionId, state?.name);
  },
  onAbort: ({ reason }) => console.warn('aborted', reason.type),
  screens: ({ input, info }) => ({
    name: input({
      text: 'Your name?',
      targets: ['hello'],
      next: (name, ctx) => {
        ctx.state.name = name;
        return ctx.go('hello');
      },
    }),
    hello: info({ text: (ctx) => `Hello ${ctx.state.name}!` }),
  }),
});

export const diagram = app.toMermaid();
