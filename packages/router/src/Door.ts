/**
 * A request as a door sees it before its body is read. Bridges (`app.fetch`, `toNodeHandler`)
 * make it from a web `Request` or a Node request.
 *
 * @example
 * ```ts
 * const head: DoorHead = { method: 'POST', path: '/ussdSessionEvent/new', mounted: true,
 *   query: '', ip: undefined, header: (name) => headers.get(name) ?? undefined };
 * ```
 */
export interface DoorHead {
  readonly method: string;
  /** The URL's path: relative to where the app is mounted when `mounted` (Express's `req.path`). */
  readonly path: string;
  /** Whether `path` is relative to the mount point, or the whole URL path (a web `Request`). */
  readonly mounted: boolean;
  /** The query string, without its `?` (`''` when there is none). */
  readonly query: string;
  /** The client's address, when the server knows it. */
  readonly ip: string | undefined;
  /** A request header by its lower-case name; the first value when repeated. */
  header(name: string): string | undefined;
  /** The web `Request`, when the bridge had one (`app.fetch`); `undefined` on the Node bridge. */
  readonly request?: Request | undefined;
}

/**
 * A door's answer, before a bridge writes it: a status, a body already serialised and its type.
 *
 * @example
 * ```ts
 * const reply: DoorReply = { status: 200, type: 'text/plain; charset=utf-8', body: 'CON Amount?' };
 * ```
 */
export interface DoorReply {
  readonly status: number;
  /** The `Content-Type` of `body`. */
  readonly type?: string | undefined;
  readonly body?: string | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * One protocol's way into an app, without I/O: the checks made before the body is read, then
 * the answer to a body. The native protocol's door is `app.door`; `defineGateway` makes one per
 * provider. Bridges do the I/O: `app.fetch` (web `Request`), `toNodeHandler` (Node and Express),
 * each with one body reader, one size limit and one behaviour on a refused or oversized request
 * (answered at once, the connection closed).
 *
 * @example
 * ```ts
 * import { toNodeHandler } from '@ussdkit/router/node';
 * createServer(toNodeHandler(app.door)).listen(3000);
 * ```
 */
export interface Door {
  /** Bytes of request body read at most; past it, {@link Door.answer} is told the body was cut. */
  readonly maxBodyBytes: number;
  /**
   * The checks that need no body (path, caller, content type): the reply to give at once, or
   * `undefined` when the body may be read.
   */
  check(head: DoorHead): DoorReply | undefined;
  /**
   * The reply to a request that passed {@link Door.check}, given its body as text; `cut` when
   * the body was over `maxBodyBytes` (then `body` is only its start). Never rejects.
   */
  answer(
    head: DoorHead,
    body: string,
    cut: boolean,
    waitUntil?: (work: Promise<unknown>) => void,
  ): Promise<DoorReply>;
}
