import { z } from 'zod';
import { createApp } from '../../src/index';
import { redisStore } from '../../src/redis';
import { connectRedis, type RedisTarget } from './redisBackends';

/**
 * The app both processes of the two-process test run: it asks three names, one per event, and
 * shows them all, so a lost or doubled event shows in the last screen.
 */
export function redisFlowApp(target: RedisTarget, keyPrefix: string) {
  const client = connectRedis(target);
  const app = createApp({
    state: z.object({ names: z.array(z.string()).default([]) }),
    start: 'ask',
    store: redisStore({ client, keyPrefix }),
    screens: ({ input, info }) => ({
      ask: input({
        text: (ctx) => `Name ${ctx.state.names.length + 1}?`,
        targets: ['ask', 'done'],
        next: (value, ctx) => {
          ctx.state.names = [...ctx.state.names, value];
          return ctx.state.names.length >= 3 ? ctx.go('done') : ctx.go('ask');
        },
      }),
      done: info({ text: (ctx) => `Names: ${ctx.state.names.join(', ')}` }),
    }),
  });
  return { app, client };
}
