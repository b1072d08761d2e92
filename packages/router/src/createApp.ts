import type { z } from 'zod';
import type { AppOptions, MessagesCheck, TargetCheck } from './AppOptions';
import type { FlowMounts, NoFlows } from './Flow';
import { toMermaid } from './FlowGraph';
import { type CompiledApp, compileApp, type LooseAppOptions } from './internal/compile/compileApp';
import { dispatcher } from './internal/door/dispatchEvent';
import { fetchHandler } from './internal/door/fetchHandler';
import { errorResult, type HandleResult, headerValue } from './internal/door/httpResult';
import { nativeDoor, parseReported } from './internal/door/nativeDoor';
import { precheck } from './internal/door/precheck';
import { utf8Length } from './internal/door/utf8Length';
import { appRuntime } from './internal/session/appRuntime';
import { TextSessions } from './internal/session/textSessions';
import type { AnyScreen } from './Screen';
import type { HandleRequest, UssdApp } from './UssdApp';

export { DEFAULT_MESSAGES } from './defaultMessages';
export type { HandleRequest, HandleResult, UssdApp } from './UssdApp';

/**
 * Declares a USSD app and compiles it once: the flow is checked (a {@link FlowDefinitionError}
 * lists every problem, static texts over the limit in any language included) and `handle`
 * answers the gateway's four events. With `languages`, every text may be a record with one
 * string per language, and each session is shown in its own language (`ctx.language`).
 *
 * @example
 * ```ts
 * const app = createApp({
 *   state: z.object({ name: z.string().optional() }),
 *   start: 'ask',
 *   screens: ({ input, info }) => ({
 *     ask: input({ text: 'Your name?', targets: ['hello'],
 *       next: (name, ctx) => { ctx.state.name = name; return ctx.go('hello'); } }),
 *     hello: info({ text: (ctx) => `Hello ${ctx.state.name}!` }),
 *   }),
 * });
 * ```
 */
export function createApp<
  Schema extends z.ZodType,
  Screens extends Record<string, AnyScreen>,
  D = unknown,
  R extends Record<string, unknown> = Record<string, unknown>,
  const Languages extends readonly [string, ...string[]] = readonly ['en'],
  Flows extends FlowMounts = NoFlows,
>(
  options: AppOptions<Schema, Screens, D, R, Languages, Flows> &
    TargetCheck<Screens> &
    MessagesCheck<Languages[number]>,
): UssdApp<Screens> {
  // Erased once here: the compiled app hands the handlers only values parsed by the schemas
  // they were typed with.
  const loose = options as unknown as LooseAppOptions;
  const compiled: CompiledApp = compileApp(loose);
  const { runner, onError, observers } = appRuntime(loose, compiled);
  const { authToken } = options;
  const maxBodyBytes = options.maxBodyBytes ?? 65_536;
  const dispatch = dispatcher(runner, authToken, onError);
  const text = new TextSessions(runner, onError);
  const door = nativeDoor({ authToken, maxBodyBytes, dispatch, onError });

  async function handle(request: HandleRequest): Promise<HandleResult> {
    const head = { path: request.path, mounted: true, header: headerOf(request.headers) };
    const checked = precheck(head, authToken);
    if ('refused' in checked) return checked.refused;
    // A UTF-16 code unit is at most 3 UTF-8 bytes: only a body that might be over is measured.
    const raw = request.body;
    if (raw.length * 3 > maxBodyBytes && utf8Length(raw) > maxBodyBytes) {
      return errorResult(413, 'PAYLOAD_TOO_LARGE', `The body is over ${maxBodyBytes} bytes`);
    }
    const parsed = parseReported(checked.event, raw, onError);
    if ('refused' in parsed) return parsed.refused;
    const result = await dispatch(parsed.event, { trusted: true });
    if (result.status === 204) return { status: 204 };
    return result.status === 200
      ? { status: 200, body: result.command }
      : { status: result.status, body: result.error };
  }

  return {
    dispatch,
    dispatchText: (event, context) => text.dispatch(event, context),
    fetch: fetchHandler(door),
    door,
    handle,
    precheck: (head) => {
      const checked = precheck(
        { path: head.path, mounted: true, header: headerOf(head.headers) },
        authToken,
      );
      return 'refused' in checked ? checked.refused : undefined;
    },
    screens: compiled.screens as Screens,
    flows: options.flows ?? {},
    graph: compiled.graph,
    flowVersion: options.flowVersion ?? compiled.version,
    toMermaid: () => toMermaid(compiled.graph),
    languages: [...compiled.locales.languages],
    observe: (observer) => observers.add(observer),
  };
}

/** A headers record read as the checks read headers: by lower-case name, the first value. */
function headerOf(headers: HandleRequest['headers']): (name: string) => string | undefined {
  return (name) => headerValue(headers, name);
}
