/**
 * @module @ussdkit/gateways
 *
 * Serve a `@ussdkit/router` app to the USSD gateways of Ghana, Tanzania and beyond: `hubtel`,
 * `arkesel`, `nalo`, `beem` and `infobip`, each `(app, options?) => handler`, the handler a web
 * `fetch` (Hono's `c.req.raw`, Cloudflare Workers, Bun, Deno) that carries its door for the Node
 * bridge (`toNodeHandler` of `@ussdkit/router/node`, for Express and `node:http`). Each is a
 * declaration (`hubtelDeclaration`…) made an adapter by `defineGateway`, re-exported here with
 * its types so that another provider takes about fifty lines. Web APIs only.
 */
export * from './arkesel/arkesel';
export * from './arkesel/arkeselSchemas';
export * from './beem/beem';
export * from './beem/beemSchemas';
export * from './defineGateway';
export * from './hubtel/hubtel';
export * from './hubtel/hubtelSchemas';
export * from './infobip/infobip';
export * from './infobip/infobipSchemas';
export * from './nalo/nalo';
export * from './nalo/naloSchemas';
