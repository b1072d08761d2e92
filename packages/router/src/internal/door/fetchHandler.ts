import type { Door, DoorHead, DoorReply } from '../../Door';
import { readNodeBody, unreadNodeRequest } from './readNodeBody';
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
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.type !== undefined) headers['content-type'] = reply.type;
  if (close) headers.connection = 'close';
  return new Response(reply.body ?? null, { status: reply.status, headers });
}

/** The head of a web `Request`: its whole URL path, so any route ending in an endpoint is one. */
function headOf(request: Request): DoorHead {
  const url = request.url;
  // The path and query without a URL object: this runs on every request.
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const pathAndQuery = start === -1 ? '/' : url.slice(start);
  const hash = pathAndQuery.indexOf('#');
  const target = hash === -1 ? pathAndQuery : pathAndQuery.slice(0, hash);
  const mark = target.indexOf('?');
  const { headers } = request;
  return {
    method: request.method,
    path: mark === -1 ? target : target.slice(0, mark),
    query: mark === -1 ? '' : target.slice(mark + 1),
    mounted: false,
    ip: undefined,
    header: (name) => headers.get(name) ?? undefined,
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
    const head = headOf(request);
    const refused = door.check(head);
    if (refused !== undefined) return toResponse(refused, true);
    const node = unreadNodeRequest(env);
    const { text, cut } =
      node === undefined
        ? await readWebBody(request, door.maxBodyBytes)
        : await readNodeBody(node, door.maxBodyBytes);
    const waitUntil = ctx?.waitUntil?.bind(ctx);
    // The unread rest of a cut-off body makes the connection unusable: ask the client to close.
    return toResponse(await door.answer(head, text, cut, waitUntil), cut);
  };
}
