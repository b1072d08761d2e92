import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Door, DoorHead, DoorReply } from '../Door';
import { readNodeBody } from '../internal/door/readNodeBody';
import type { BodyText } from '../internal/door/readWebBody';

/** What {@link toNodeHandler} serves: an app (its native door), a gateway handler, or a door. */
export type NodeServable = Door | { readonly door: Door };

/** A Node request as Express extends it: the client address it trusts, a body parsed already. */
type NodeRequest = IncomingMessage & { readonly ip?: string | undefined; readonly body?: unknown };

/** A Node handler; `next` is Express's, for requests the door does not take. */
export type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

function headOf(req: NodeRequest): DoorHead {
  const url = req.url ?? '/';
  const mark = url.indexOf('?');
  const { headers } = req;
  return {
    method: req.method ?? 'GET',
    // Express gives a mounted middleware its own path in `url`; node:http the whole of it.
    path: mark === -1 ? url : url.slice(0, mark),
    query: mark === -1 ? '' : url.slice(mark + 1),
    mounted: true,
    ip: req.ip ?? req.socket?.remoteAddress,
    header: (name) => {
      const value = headers[name];
      return typeof value === 'string' ? value : value?.[0];
    },
  };
}

/**
 * The body a parser mounted earlier already read (`express.json()`, `express.urlencoded()`,
 * `express.text()`), as text again; `undefined` when the stream is still unread.
 */
function parsedBody(req: NodeRequest, head: DoorHead): BodyText | undefined {
  if (!req.readableEnded && req.body === undefined) return undefined;
  const { body } = req;
  if (typeof body === 'string') return { text: body, cut: false };
  if (body instanceof Uint8Array) return { text: new TextDecoder().decode(body), cut: false };
  const type = head.header('content-type') ?? '';
  const text = /^application\/x-www-form-urlencoded/i.test(type)
    ? new URLSearchParams(body as Record<string, string>).toString()
    : JSON.stringify(body ?? null);
  return { text, cut: false };
}

/**
 * Writes a reply with Node's own API: Express's `res.json()` would also hash the body for an
 * ETag and check freshness, which mean nothing for a POST answer. Headers set earlier by
 * middleware (CORS, say) are merged by `writeHead`.
 */
function write(res: ServerResponse, reply: DoorReply, close: boolean): void {
  const headers: string[] = [];
  for (const [name, value] of Object.entries(reply.headers ?? {})) headers.push(name, value);
  if (close) headers.push('connection', 'close');
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  headers.push('content-type', reply.type ?? 'text/plain; charset=utf-8');
  headers.push('content-length', String(Buffer.byteLength(reply.body)));
  res.writeHead(reply.status, headers).end(reply.body);
}

/**
 * The Node bridge: serves a door on `node:http`, Express or any `(req, res)` server, with no web
 * `Request` or `Response` made. The checks run before the body is read (a refused request is
 * answered at once and its connection closed), the body is read once up to the door's limit,
 * and a body a parser read already is taken from `req.body`. In Express, a method the door does
 * not take (it answers 405) goes on to `next()`.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { toNodeHandler } from '@ussdkit/router/node';
 *
 * createServer(toNodeHandler(app)).listen(3000);
 * ```
 */
export function toNodeHandler(target: NodeServable): NodeHandler {
  const door = 'door' in target ? target.door : target;
  const answer = async (req: NodeRequest, res: ServerResponse, head: DoorHead) => {
    const body = parsedBody(req, head) ?? (await readNodeBody(req, door.maxBodyBytes));
    write(res, await door.answer(head, body.text, body.cut), body.cut);
  };
  return (req, res, next) => {
    const head = headOf(req);
    const refused = door.check(head);
    if (refused !== undefined) {
      if (next !== undefined && refused.status === 405) next();
      else write(res, refused, true);
      return;
    }
    answer(req, res, head).catch((error: unknown) => {
      if (next !== undefined) next(error);
      else if (!res.headersSent) write(res, { status: 500 }, true);
    });
  };
}
