import type { Door, DoorHead, DoorReply } from '../../Door';
import { bodyUnread, type NodeRequestLike, nodeRequestIn, readNodeBody } from './readNodeBody';
import { readWebBody } from './readWebBody';

/**
 * What a runtime may pass after the `Request`: Cloudflare's `ctx` has `waitUntil`; on
 * `@hono/node-server` the env holds the Node request (`incoming`).
 */
interface ExecutionContextLike {
  readonly waitUntil?: ((work: Promise<unknown>) => void) | undefined;
}

/** A door reply as a web `Response`; `close` asks the client to close the connection. */
export function toResponse(reply: DoorReply, close: boolean): Response {
  // Filled key by key: on Node 20 a key added to a spread copy makes a new hidden class.
  const headers: Record<string, string> = {};
  if (reply.headers !== undefined) Object.assign(headers, reply.headers);
  if (reply.type !== undefined) headers['content-type'] = reply.type;
  if (close) headers.connection = 'close';
  return new Response(reply.body ?? null, { status: reply.status, headers });
}

/** The symbol under which the server's wrapper keeps its Node request, once seen. */
let wrapKey: symbol | undefined;

/**
 * Whether `request` is the server's own wrapper of `node`: `@hono/node-server` keeps the Node
 * request under a symbol of its lightweight `Request`. Its headers are then the Node request's,
 * read as they are: asking the wrapper for `headers` builds a web `Headers` of them all.
 */
function wraps(request: Request, node: NodeRequestLike): boolean {
  const keyed = request as unknown as Record<symbol, unknown>;
  // The symbol found last is tried first: the server's one symbol, without listing every symbol
  // of every request (an array made per request).
  if (wrapKey !== undefined && keyed[wrapKey] === node) return true;
  for (const key of Object.getOwnPropertySymbols(request)) {
    if (keyed[key] === node) {
      wrapKey = key;
      return true;
    }
  }
  return false;
}

/** A header of a Node request by its lower-case name: the first value when repeated. */
function nodeHeader(node: NodeRequestLike, name: string): string | undefined {
  const value = node.headers[name];
  return typeof value === 'string' ? value : value?.[0];
}

/**
 * The head of a web `Request`: its whole URL path, so any route ending in an endpoint is one. Its
 * headers are the Node request's when the request wraps one.
 */
function headOf(request: Request, node: NodeRequestLike | undefined): DoorHead {
  const url = request.url;
  // The path and query without a URL object: this runs on every request.
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const pathAndQuery = start === -1 ? '/' : url.slice(start);
  const hash = pathAndQuery.indexOf('#');
  const target = hash === -1 ? pathAndQuery : pathAndQuery.slice(0, hash);
  const mark = target.indexOf('?');
  return {
    method: request.method,
    path: mark === -1 ? target : target.slice(0, mark),
    query: mark === -1 ? '' : target.slice(mark + 1),
    mounted: false,
    ip: undefined,
    header:
      node === undefined
        ? (name) => request.headers.get(name) ?? undefined
        : (name) => nodeHeader(node, name),
    request,
  };
}

/**
 * The web bridge: a door as `fetch(request, env?, ctx?)`, the signature of Hono, Cloudflare
 * Workers, Bun and Deno. A refused request is answered before its body is read, and the
 * connection closed; a body over the limit is read no further. On `@hono/node-server` the Node
 * request in `env.incoming` is read directly (no web stream is built for the body).
 */
export function fetchHandler(
  door: Door,
): (request: Request, env?: unknown, ctx?: ExecutionContextLike) => Promise<Response> {
  return async (request, env, ctx) => {
    const incoming = nodeRequestIn(env);
    const node = incoming !== undefined && wraps(request, incoming) ? incoming : undefined;
    const head = headOf(request, node);
    const refused = door.check(head);
    if (refused !== undefined) return toResponse(refused, true);
    // The body from the Node request when nothing read it yet (as before, whether or not the
    // request given wraps it: a middleware that read or replaced the body read the Node one).
    const { text, cut } =
      incoming !== undefined && bodyUnread(incoming)
        ? await readNodeBody(incoming, door.maxBodyBytes)
        : await readWebBody(request, door.maxBodyBytes);
    const waitUntil = ctx?.waitUntil?.bind(ctx);
    // The unread rest of a cut-off body makes the connection unusable: ask the client to close.
    return toResponse(await door.answer(head, text, cut, waitUntil), cut);
  };
}
