/**
 * @module @ussdkit/router/cloudflare
 *
 * Sessions on Cloudflare Workers: `durableObjectStore`, a session store whose records and
 * per-session locks live in a Durable Object per session (`UssdSessionObject`, which the Worker
 * exports and `wrangler.toml` binds), so one event at a time is handled per session across every
 * isolate. Web APIs only: it bundles for any platform and needs no `@cloudflare/workers-types`.
 */
export * from './stores/durableObjectStore';
export * from './stores/durableObjectStoreErrors';
export * from './stores/UssdSessionObject';
