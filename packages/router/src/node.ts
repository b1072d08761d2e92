/**
 * @module @ussdkit/router/node
 *
 * Running an app on a Node server: `closeGracefully`, which stops a server from taking new
 * connections and lets the events in flight be answered before it closes (SIGTERM in a
 * container). A subpath of its own so that the main entry stays free of Node's APIs.
 */
export * from './closeGracefully';
