/**
 * The app the runtimes bench serves on every runtime, bundled for a neutral platform: the
 * 4-screen flow on the memory store, mounted with `@ussdkit/hono` under `/ussd`.
 */
import { ussdHono } from '@ussdkit/hono';
import { Hono } from 'hono';
import { ussdkitFlow } from './ussdkitFlow';

const server = new Hono();
server.route('/ussd', ussdHono(ussdkitFlow()));

/** A fetch handler, the shape Workers, Bun and Deno serve (and @hono/node-server on Node). */
export default server;
