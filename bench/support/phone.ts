import type { DispatchResult, UssdEvent } from '@ussdkit/router';
/** What `app.handle` takes and gives back (the router's framework-agnostic core). */
export interface Handler {
  handle(request: {
    path: string;
    headers: Record<string, string>;
    body: string;
  }): Promise<{ status: number; body?: unknown }>;
}

/** The headers the gateway sends with every event: its bodies are declared JSON. */
export const eventHeaders: Record<string, string> = { 'content-type': 'application/json' };

const base = { clientId: 'bench', appId: 'bench-app', msisdn: '+2348030000000', operator: 'mtn' };
/** The common fields as JSON text without the closing brace: bodies are this plus their own. */
const head = JSON.stringify(base).slice(0, -1);
const text = (value: string) => JSON.stringify(value);

// Each body is the text `JSON.stringify({ ...base, ... })` gives, built from a prefix: the phone's
// own work stays out of the timed loop's cost as far as it can (the peer's `run` is handed a
// ready object), and a test checks the two spellings are the same bytes.

/** The wire body of a `new` (dial) event. */
export function newBody(sessionId: string): string {
  return `${head},"sessionId":${text(sessionId)},"input":{"type":"Dial","shortcodeString":"*384*12#"}}`;
}

/** The wire body of a `continue` event carrying the phone's input. */
export function continueBody(sessionId: string, value: string, contextData: string): string {
  return `${head},"sessionId":${text(sessionId)},"result":{"type":"InputResult","value":${text(value)}},"contextData":${text(contextData)}}`;
}

/** The wire body of the gateway's `close` event after an InfoView. */
export function closeBody(sessionId: string, contextData: string): string {
  return `${head},"sessionId":${text(sessionId)},"reason":{"type":"End"},"contextData":${text(contextData)}}`;
}

/** Africa's Talking's form of one request: `text` is every input of the session so far, joined by `*`. */
export function africasTalkingForm(sessionId: string, text: string): string {
  return new URLSearchParams({
    sessionId,
    serviceCode: '*384*12#',
    phoneNumber: '+2348030000000',
    text,
  }).toString();
}

/** Hubtel's JSON of one request (`Initiation` with the dialled string, then `Response`s). */
export function hubtelBody(
  SessionId: string,
  Type: 'Initiation' | 'Response',
  Message: string,
  Sequence: number,
): string {
  return JSON.stringify({
    SessionId,
    Mobile: '2348030000000',
    ServiceCode: '384*12',
    Type,
    Message,
    Operator: 'mtn',
    Sequence,
  });
}

/** The same bodies as `JSON.stringify` of their objects spells them (for the check). */
export const spelledOut = {
  newBody: (sessionId: string) =>
    JSON.stringify({ ...base, sessionId, input: { type: 'Dial', shortcodeString: '*384*12#' } }),
  continueBody: (sessionId: string, value: string, contextData: string) =>
    JSON.stringify({ ...base, sessionId, result: { type: 'InputResult', value }, contextData }),
  closeBody: (sessionId: string, contextData: string) =>
    JSON.stringify({ ...base, sessionId, reason: { type: 'End' }, contextData }),
};

function contextOf(answer: { status: number; body?: unknown }): string {
  if (answer.status !== 200)
    throw new Error(`app answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const body = answer.body as { contextData?: unknown } | undefined;
  return typeof body?.contextData === 'string' ? body.contextData : '';
}

/**
 * Walks one session through `app.handle` like the gateway: dial, then each input, then `close`.
 * `onEvent(ms)` gets the time of each phone-visible event (dial and inputs, not `close`).
 */
export async function walk(
  app: Handler,
  sessionId: string,
  inputs: readonly string[],
  onEvent: (ms: number) => void,
): Promise<void> {
  let started = performance.now();
  let context = contextOf(
    await app.handle({
      path: '/ussdSessionEvent/new',
      headers: eventHeaders,
      body: newBody(sessionId),
    }),
  );
  onEvent(performance.now() - started);
  for (const value of inputs) {
    started = performance.now();
    const answer = await app.handle({
      path: '/ussdSessionEvent/continue',
      headers: eventHeaders,
      body: continueBody(sessionId, value, context),
    });
    onEvent(performance.now() - started);
    context = contextOf(answer);
  }
  const closed = await app.handle({
    path: '/ussdSessionEvent/close',
    headers: eventHeaders,
    body: closeBody(sessionId, context),
  });
  if (closed.status !== 204) throw new Error(`close answered ${closed.status}`);
}

/** Minimal shape of ussd-menu-builder's `run` (Africa's Talking arguments). */
export interface UmbMenu {
  run(args: {
    text: string;
    phoneNumber: string;
    sessionId: string;
    serviceCode: string;
  }): Promise<string>;
}

/**
 * Walks one session through ussd-menu-builder: each hop sends the whole path so far
 * (`""`, `"1"`, `"1*500"`), as Africa's Talking does.
 */
export async function walkUmb(
  menu: UmbMenu,
  sessionId: string,
  inputs: readonly string[],
  onEvent: (ms: number) => void,
): Promise<string> {
  let path = '';
  let last = '';
  for (let hop = 0; hop <= inputs.length; hop++) {
    if (hop > 0) path = hop === 1 ? (inputs[0] as string) : `${path}*${inputs[hop - 1]}`;
    const started = performance.now();
    last = await menu.run({
      text: path,
      phoneNumber: '+2348030000000',
      sessionId,
      serviceCode: '*384*12#',
    });
    onEvent(performance.now() - started);
  }
  return last;
}

/** What `app.dispatch` takes and gives back (typed events, typed answers). */
export interface Dispatcher {
  dispatch(event: UssdEvent): Promise<DispatchResult>;
}

const where = { clientId: 'bench', appId: 'bench-app' } as const;

/**
 * Walks one session through `app.dispatch` like the gateway, each event a fresh object literal
 * (as ussd-menu-builder's `run` is handed one): dial, each input, then `close`.
 */
export async function walkDispatch(
  app: Dispatcher,
  sessionId: string,
  inputs: readonly string[],
  onEvent: (ms: number) => void,
): Promise<void> {
  const { clientId, appId } = where;
  let started = performance.now();
  let answer = await app.dispatch({
    type: 'new',
    body: {
      clientId,
      appId,
      sessionId,
      msisdn: '+2348030000000',
      operator: 'mtn',
      input: { type: 'Dial', shortcodeString: '*384*12#' },
    },
  });
  onEvent(performance.now() - started);
  for (const value of inputs) {
    if (answer.status !== 200) throw new Error(`app answered ${answer.status}`);
    const { contextData } = answer.command;
    started = performance.now();
    answer = await app.dispatch({
      type: 'continue',
      body: { clientId, appId, sessionId, result: { type: 'InputResult', value }, contextData },
    });
    onEvent(performance.now() - started);
  }
  if (answer.status !== 200) throw new Error(`app answered ${answer.status}`);
  const { contextData } = answer.command;
  const closed = await app.dispatch({
    type: 'close',
    body: { clientId, appId, sessionId, reason: { type: 'End' }, contextData },
  });
  if (closed.status !== 204) throw new Error(`close answered ${closed.status}`);
}
