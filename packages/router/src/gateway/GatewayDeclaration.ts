import type { Door, DoorHead, DoorReply } from '../Door';
import type { TextAnswer, TextEvent } from '../TextEvent';
import type { UssdApp } from '../UssdApp';

/**
 * One provider request as a declaration reads it: its fields (the form, the JSON object or the
 * query, by {@link GatewayDeclaration.fields}) and its head (path, query, headers).
 *
 * @example
 * ```ts
 * read: ({ fields }) => ({ type: 'input', sessionId: String(fields.sessionId), msisdn: '+1', input: '1' })
 * ```
 */
export interface GatewayRequest {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly head: DoorHead;
}

/**
 * A request the declaration cannot read, answered with `status` (400 by default) and `message`,
 * which says what to change.
 *
 * @example
 * ```ts
 * return { refused: 'the field SessionId is missing' };
 * ```
 */
export interface GatewayRefusal {
  readonly refused: string;
  /** @defaultValue `400` */
  readonly status?: 400 | 403 | 404 | 409 | 413 | 422 | undefined;
  /**
   * A code for programs, in capitals (`UNKNOWN_TYPE`).
   * @defaultValue `'BAD_REQUEST'` (`'FORBIDDEN'` with status 403, `'NOT_FOUND'` with 404)
   */
  readonly code?: string | undefined;
}

/**
 * Why a request is not served, as {@link GatewayDeclaration.refuse} writes it: the checks'
 * refusals (403, 405, 415, 413, a body that is not JSON) and the declaration's own.
 *
 * @example
 * ```ts
 * const problem: GatewayProblem = { status: 405, code: 'METHOD_NOT_ALLOWED', message: 'Hubtel calls with POST; this was a GET' };
 * ```
 */
export interface GatewayProblem {
  readonly status: number;
  readonly code: string;
  /** What to change, as a sentence (never a secret). */
  readonly message: string;
  /** Headers the reply must carry (`allow` on a 405). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * A USSD provider's callback protocol, declared: how its requests become the router's text
 * events and how an answer is written back. Everything else (the caller checks, body reading,
 * sessions, the re-ask rule, repeats, errors) is the router's, the same for every provider.
 *
 * @example
 * ```ts
 * const declaration: GatewayDeclaration = {
 *   name: 'shortcode', title: 'Shortcode Ltd', fields: 'query', methods: ['GET'],
 *   read: ({ fields }) => ({ type: 'input', sessionId: String(fields.sid), msisdn: String(fields.msisdn), input: String(fields.text) }),
 *   write: (answer) => ({ status: 200, type: 'text/plain', body: answer.type === 'screen' ? answer.text : '' }),
 * };
 * ```
 */
export interface GatewayDeclaration<Options extends object = object> {
  /** The provider's name in code (`hubtel`): the `clientId` of its sessions' events. */
  readonly name: string;
  /** The provider's name as people write it (`Hubtel`), for error messages. */
  readonly title: string;
  /** Where the provider's fields are: a form body, a JSON body, or the query string. */
  readonly fields: 'form' | 'json' | 'query';
  /**
   * The HTTP methods the provider calls with.
   * @defaultValue `['POST']`
   */
  readonly methods?: readonly string[] | undefined;
  /**
   * The longest screen the provider shows, in GSM 7-bit characters: a longer text is cut to it
   * (ending `...`) before {@link GatewayDeclaration.write} sees it, since the provider would
   * cut it or refuse it anyway. Create the app with `screenLimits: { gsm7: <it> }` so that its
   * menus are paged within it. An adapter's `screenLimit` option overrides it.
   * @defaultValue none: the app's own limit (`screenLimits`, 182 by default) is the only one
   */
  readonly screenLimit?: number | undefined;
  /**
   * Reads one request: the text event it stands for, or why it cannot be read. Several events
   * are dispatched in turn and the last one's answer written: a provider without session ids
   * ends the caller's previous session before it begins the next one.
   */
  read(
    request: GatewayRequest,
    options: Options,
  ): TextEvent | readonly [TextEvent, ...TextEvent[]] | GatewayRefusal;
  /** Writes the provider's answer to one request. */
  write(answer: TextAnswer, request: GatewayRequest, options: Options): DoorReply;
  /**
   * Writes a refusal in the provider's own shape. `request` is `undefined` for the checks made
   * before the body is read.
   * @defaultValue the message as `text/plain`, with the problem's status
   */
  refuse?(problem: GatewayProblem, request: GatewayRequest | undefined): DoorReply;
}

/**
 * The caller checks and texts every gateway adapter takes. None of the providers signs its
 * callbacks: a secret in the registered URL (over HTTPS) and an address allow-list are how the
 * app knows its caller.
 *
 * @example
 * ```ts
 * hubtel(app, { secret: process.env.USSD_URL_SECRET, allowedIps: ['192.0.2.0/24'] });
 * ```
 */
export interface GatewayOptions {
  /**
   * A secret every request must carry in the query parameter `secretParam`: register
   * `https://your.host/ussd?secret=<it>` with the provider. Checked (in constant time) before the
   * body is read; a request without it gets 403.
   * @defaultValue none: requests are not checked
   */
  readonly secret?: string | undefined;
  /**
   * The query parameter that carries `secret`.
   * @defaultValue `'secret'`
   */
  readonly secretParam?: string | undefined;
  /**
   * The only client addresses answered (exact IPv4 or IPv6 addresses, or IPv4 CIDR ranges); any
   * other gets 403 before the body is read. The address is the socket's on the Node bridge
   * (Express's `req.ip`, which follows `trust proxy`: with `trust proxy` set to `true`, any
   * client can name itself in `X-Forwarded-For` and pass; set it to your proxies' addresses only),
   * and `clientIp(request)` on the web bridge.
   * @defaultValue none: any address
   */
  readonly allowedIps?: readonly string[] | undefined;
  /**
   * The client's address on the web bridge, where a `Request` does not carry it: say where your
   * platform puts it (`request.headers.get('cf-connecting-ip')` on Cloudflare Workers). Only
   * trust a header your platform sets itself.
   * @defaultValue none
   */
  readonly clientIp?: ((request: Request) => string | undefined) | undefined;
  /**
   * Put above a menu shown again after a key that is none of its items.
   * @defaultValue `'Invalid choice. Try again.'`
   */
  readonly invalidChoice?: string | undefined;
  /**
   * The longest screen the provider shows, in GSM 7-bit characters, when you know better than
   * the declaration (the provider confirmed another figure); see
   * {@link GatewayDeclaration.screenLimit}.
   * @defaultValue the declaration's `screenLimit`, if any
   */
  readonly screenLimit?: number | undefined;
}

/** What a gateway adapter needs of a compiled app. */
export type GatewayApp = Pick<UssdApp<unknown>, 'dispatchText' | 'graph' | 'door'>;

/**
 * A gateway adapter at work: a web handler (`fetch(request, env?, ctx?)`: Hono's `c.req.raw`,
 * Workers, Bun, Deno) that also carries its door, for the Node bridge (`toNodeHandler`).
 *
 * @example
 * ```ts
 * server.post('/ussd/hubtel', (c) => handler(c.req.raw));
 * ```
 */
export type GatewayHandler = ((
  request: Request,
  env?: unknown,
  ctx?: { readonly waitUntil?: (work: Promise<unknown>) => void },
) => Promise<Response>) & { readonly door: Door };

/**
 * A provider's adapter, as {@link defineGateway} makes it: the app (checked for what the provider
 * cannot run) and its options, to a handler.
 */
export type Gateway<Options extends object = object> = (
  app: GatewayApp,
  options?: GatewayOptions & Options,
) => GatewayHandler;
