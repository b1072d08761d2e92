/**
 * The runtimes bench's app on workerd with `durableObjectStore`: the same flow, its sessions in
 * a Durable Object per session (bound as SESSIONS). A Worker's named exports are its entry
 * points: the Durable Object class only.
 */
import { ussdHono } from '@ussdkit/hono';
import { type DurableObjectNamespaceLike, durableObjectStore } from '@ussdkit/router/cloudflare';
import { Hono } from 'hono';
import { ussdkitFlow } from './ussdkitFlow';

export { UssdSessionObject } from '@ussdkit/router/cloudflare';

let server: Hono | undefined;

export default {
  fetch(request: Request, env: { SESSIONS: DurableObjectNamespaceLike }) {
    if (server === undefined) {
      server = new Hono();
      server.route('/ussd', ussdHono(ussdkitFlow(durableObjectStore({ namespace: env.SESSIONS }))));
    }
    return server.fetch(request);
  },
};
