/**
 * The app the runtimes bench serves on every runtime, bundled for a neutral platform: the
 * 4-screen flow on the memory store, mounted with `@ussdkit/hono` under `/ussd`, and under
 * `/bare` a bare Hono handler of the same server that reads the body and returns the flow's
 * first answer as a constant: what the runtime and Hono cost without the router.
 */
import { ussdHono } from '@ussdkit/hono';
import { Hono } from 'hono';
import { ussdkitFlow } from './ussdkitFlow';

// The dial's answer, written out: a Worker may not run the app (its timers) at module scope.
const answer = {
  action: {
    type: 'ShowView',
    view: {
      type: 'ChooserView',
      title: 'Welcome to Airtime Shop',
      items: [
        { accessKey: '1', label: 'Buy airtime' },
        { accessKey: '2', label: 'Help' },
      ],
    },
  },
  contextData: 'h1',
};

const server = new Hono();
server.route('/ussd', ussdHono(ussdkitFlow()));
server.post('/bare/*', async (c) => {
  await c.req.text();
  return c.json(answer);
});

/** A fetch handler, the shape Workers, Bun and Deno serve (and @hono/node-server on Node). */
export default server;
