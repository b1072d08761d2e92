/** What the phone shows after a request, and whether the customer may answer. */
export interface Screen {
  readonly shows: string;
  readonly continues: boolean;
  /** The answer said the next input is secret (`Ussdkit-Input: secret`). */
  readonly secret: boolean;
}

/** Sends one request the way the provider does and gives its answer (in-process or over HTTP). */
export type Post = (request: Request) => Promise<Response>;

/** Who is dialling: the provider's session id and the subscriber's number (digits, no `+`). */
export interface Caller {
  readonly sessionId: string;
  readonly msisdn?: string;
}

/** One customer's session, as a provider runs it. */
export interface Phone {
  /** The first request; `segments` as dialled after the code (`*713*4*5#`: `['5']`). */
  dial(segments?: readonly string[]): Promise<Screen>;
  /** The customer types `input` and sends it. */
  send(input: string): Promise<Screen>;
  /** The provider's out-of-band end of the session (a timeout): its answer. */
  readonly timeout?: (() => Promise<Response>) | undefined;
}

/** Where the tests' servers mount each protocol: `/ussd/<name>`. */
export const BASE = 'https://app.example/ussd';

/** A JSON POST to `url`. */
export function jsonRequest(url: string, body: unknown, method = 'POST'): Request {
  return new Request(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The answer's body, once its status says it was served. */
export async function served(response: Response): Promise<string> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`answered ${response.status}: ${text}`);
  return text;
}

/** Whether the answer marks its screen as asking a secret. */
export const secretOf = (response: Response): boolean =>
  response.headers.get('ussdkit-input') === 'secret';

/** One step of a session, as a JSON provider's request says it. */
export type Step =
  | { readonly kind: 'dial'; readonly dial: string; readonly step: number }
  | { readonly kind: 'input'; readonly input: string; readonly step: number }
  | { readonly kind: 'timeout'; readonly step: number };

/** How one JSON provider says a step and its answer. */
export interface JsonProtocol {
  /** The service code the customer dials, without `*` and `#` (`713*4`). */
  readonly code: string;
  /** Whether the provider ends a session out of band (a `timeout` step). */
  readonly endsOutOfBand: boolean;
  request(step: Step): { readonly url: string; readonly method?: string; readonly body: unknown };
  /** What the phone shows, from the answer's JSON. */
  screen(body: never): { readonly shows: string; readonly continues: boolean };
}

/** A phone for a JSON provider: each step a request, each answer a screen. */
export function jsonPhone(post: Post, protocol: JsonProtocol): Phone {
  let step = 0;
  const exchange = async (next: Step) => {
    const { url, method, body } = protocol.request(next);
    const response = await post(jsonRequest(url, body, method));
    const secret = secretOf(response);
    const screen = protocol.screen(JSON.parse(await served(response)) as never);
    return { ...screen, secret };
  };
  const segments = (more: readonly string[]) => more.map((segment) => `*${segment}`).join('');
  return {
    dial: (more = []) =>
      exchange({ kind: 'dial', dial: `*${protocol.code}${segments(more)}#`, step: ++step }),
    send: (input) => exchange({ kind: 'input', input, step: ++step }),
    timeout: protocol.endsOutOfBand
      ? () => {
          const { url, method, body } = protocol.request({ kind: 'timeout', step: ++step });
          return post(jsonRequest(url, body, method));
        }
      : undefined,
  };
}
