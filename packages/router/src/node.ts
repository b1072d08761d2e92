/**
 * @module @ussdkit/router/node
 *
 * Running an app on a Node server: `toNodeHandler`, the one Node bridge (`node:http`, Express,
 * any `(req, res)` server), and `closeGracefully`, which stops a server from taking new
 * connections and lets the events in flight be answered before it closes (SIGTERM in a
 * container). A subpath of its own so that the main entry stays free of Node's APIs.
 */
export * from './closeGracefully';
export * from './node/toNodeHandler';
