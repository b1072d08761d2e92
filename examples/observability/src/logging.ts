// examples/observability/src/logging.ts: the router's logs through pino
import { createApp } from '@ussdkit/router';
import pino from 'pino';
import { z } from 'zod';

export const app = createApp({
  logger: pino({ level: 'info' }),
  state: z.object({}),
  start: 'hello',
  screens: ({ info }) => ({ hello: info({ text: 'Hello' }) }),
});
