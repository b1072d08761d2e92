import type { AbortReason, CloseReason, NewSession, ScreenLimits } from '@ussdkit/protocol';
import type { z } from 'zod';
import type { Awaitable, Context } from './Context';
import type { ErrorInfo, RouterLogger } from './ErrorInfo';
import type { FlowCallFactory, FlowMounts, NoFlows } from './Flow';
import type { Instrumentation } from './Instrumentation';
import type { NavigationOptions } from './Navigation';
import type { ResumeOptions } from './ResumeOptions';
import type { RouterEvent } from './RouterEvent';
import type { AnyScreen, TargetsOf } from './Screen';
import type { ScreenFactories } from './ScreenFactories';
import type { SessionStore } from './SessionStore';

/**
 * A push entry: the push's `contextData` parsed (JSON when it is JSON) and checked by `data`.
 *
 * @example
 * ```ts
 * push: { data: z.object({ orderId: z.string() }), screen: 'confirm' }
 * ```
 */
export interface PushEntry<S, N extends string, D, L extends string = string> {
  /** Checks the push `contextData` (parsed as JSON when it is JSON, else the raw string). */
  readonly data: z.ZodType<D>;
  /** The first screen of pushed sessions. */
  readonly screen: N;
  /** Called with the typed data before the first screen, e.g. to fill the state. */
  readonly onStart?: ((data: D, ctx: Context<S, never, L>) => Awaitable<void>) | undefined;
}

/**
 * A redirect-in entry for one `process.id`, with its params checked by `params`.
 *
 * @example
 * ```ts
 * redirect: { pay: { params: z.object({ ref: z.string() }), screen: 'pay' } }
 * ```
 */
export interface RedirectEntry<S, N extends string, P, L extends string = string> {
  readonly params: z.ZodType<P>;
  readonly screen: N;
  readonly onStart?: ((params: P, ctx: Context<S, never, L>) => Awaitable<void>) | undefined;
}

/**
 * Where sessions start besides `start`. A push whose data fails its schema starts at `start`. A
 * redirect without a `process` starts at `start`; one whose `process.id` is not in `redirect`, or
 * whose params fail their schema, asks for an operation this app does not offer: it is answered
 * `messages.processUnavailable` (the session ends), or goes to `redirectUnavailable`.
 *
 * @example
 * ```ts
 * entry: { dial: { '5': 'airtime' }, push: { data: z.string(), screen: 'inbox' } }
 * ```
 */
export interface EntryPoints<
  S,
  N extends string,
  D,
  R extends Record<string, unknown>,
  L extends string = string,
> {
  /** Extra short-code segments (joined by `*`) to screens: `{ '5': 'airtime' }` for `*384*12*5#`. */
  readonly dial?: Readonly<Record<string, N>> | undefined;
  readonly push?: PushEntry<S, N, D, L> | undefined;
  /** By `process.id` of the Redirect input. */
  readonly redirect?: { readonly [K in keyof R]: RedirectEntry<S, N, R[K], L> } | undefined;
  /**
   * Where a redirect goes whose process this app does not offer (a `process.id` not in
   * `redirect`, or params its schema refuses), e.g. the start screen's name, or a screen that
   * explains; `ctx.start` holds the asked `processId` and `params`.
   * @defaultValue an InfoView with `messages.processUnavailable`: the session ends
   */
  readonly redirectUnavailable?: N | undefined;
}

/**
 * Texts the router shows by itself, in one language. The validation texts (`invalidInput` to
 * `invalidChoice`) are shown above an input screen's text when its zod schema refuses the value
 * and the schema gave no message of its own (`z.number().min(50, 'At least 50')` keeps its
 * message). `{min}`, `{max}` and `{options}` are filled from the schema. The labels are those of
 * the navigation keys (`0. Back`, `00. Home`, `98. More`) when `navigation` gives none.
 *
 * @example
 * ```ts
 * messages: { unavailable: 'Sorry, please dial again.', notANumber: 'Digits only, please.' }
 * ```
 */
export interface RouterMessages {
  /** @defaultValue `'Service unavailable, please try again'` */
  readonly unavailable: string;
  /**
   * The answer to a redirect from another app whose process this app does not offer (unknown
   * `process.id`, or params that fail their schema), unless `entry.redirectUnavailable` names a
   * screen. The session ends.
   * @defaultValue `'This service is not available here.'`
   */
  readonly processUnavailable: string;
  /** After a deploy changed the flow under a session. @defaultValue `'This service was updated. Please dial again.'` */
  readonly flowChanged: string;
  /** For an event on a session the store no longer has. @defaultValue `'Your session has expired. Please dial again.'` */
  readonly expired: string;
  /** When an event passes `deadlineMs`. @defaultValue `'We are still working on your request. Please try again shortly.'` */
  readonly deadline: string;
  /** After `maxAttempts` invalid inputs without `onTooManyAttempts`. @defaultValue `'Too many invalid attempts. Please dial again.'` */
  readonly tooManyAttempts: string;
  /**
   * When the session store is briefly unavailable during a continue (a `STORE_UNAVAILABLE` or
   * `SESSION_LOCK_TIMEOUT` error): the session stays open where it was and the customer's next
   * input is taken as the answer to the same screen.
   * @defaultValue `'Service busy. Please send your answer again.'`
   */
  readonly busy: string;
  /**
   * A value the input's schema refused for any reason without a text below: a regex or other
   * format, a `.refine()` without a message, a union.
   * @defaultValue `'Invalid input. Please try again.'`
   */
  readonly invalidInput: string;
  /** Not a number, e.g. `abc` for `z.coerce.number()`. @defaultValue `'Please enter a number.'` */
  readonly notANumber: string;
  /**
   * A fraction (or text) for `.int()`, `z.int()`, `.multipleOf(1)` or a bigint.
   * @defaultValue `'Please enter a whole number.'`
   */
  readonly notAWholeNumber: string;
  /** A number below `.min(n)` / `.gte(n)`; `{min}` is `n`. @defaultValue `'Please enter {min} or more.'` */
  readonly tooSmall: string;
  /**
   * A number at or below `.gt(n)` / `.positive()`; `{min}` is `n`.
   * @defaultValue `'Please enter more than {min}.'`
   */
  readonly tooSmallExclusive: string;
  /** A number above `.max(n)` / `.lte(n)`; `{max}` is `n`. @defaultValue `'Please enter {max} or less.'` */
  readonly tooBig: string;
  /**
   * A number at or above `.lt(n)` / `.negative()`; `{max}` is `n`.
   * @defaultValue `'Please enter less than {max}.'`
   */
  readonly tooBigExclusive: string;
  /**
   * A string shorter than `.min(n)` or `.length(n)`; `{min}` is `n`.
   * @defaultValue `'Please enter {min} or more characters.'`
   */
  readonly tooShort: string;
  /**
   * A string longer than `.max(n)` or `.length(n)`; `{max}` is `n`.
   * @defaultValue `'Please enter {max} or fewer characters.'`
   */
  readonly tooLong: string;
  /**
   * A value outside `z.enum([...])` or `z.literal(...)`; `{options}` lists the allowed values,
   * separated by `, `.
   * @defaultValue `'Please enter one of: {options}.'`
   */
  readonly invalidChoice: string;
  /** The label of the back key (previous screen, or previous page). @defaultValue `'Back'` */
  readonly backLabel: string;
  /** The label of the home key. @defaultValue `'Home'` */
  readonly homeLabel: string;
  /** The label of the more key (next page of a menu or a long text). @defaultValue `'More'` */
  readonly moreLabel: string;
  /**
   * The title of the prompt `resume` shows when a caller dials again after a drop.
   * @defaultValue `'Continue where you left off?'`
   */
  readonly resumePrompt: string;
  /** The resume prompt's item `1`: the screen and state the caller had. @defaultValue `'Yes'` */
  readonly resumeYes: string;
  /** The resume prompt's item `2`: start afresh. @defaultValue `'No'` */
  readonly resumeNo: string;
}

/**
 * The languages the router has its own {@link RouterMessages} for: English (the defaults) and
 * French. Any other language of the app needs all of them in `messages`.
 *
 * @example
 * ```ts
 * const builtIn: BuiltInLanguage = 'fr';
 * ```
 */
export type BuiltInLanguage = 'en' | 'fr';

/**
 * The router's messages per language: optional changes for a built-in language, every message
 * for any other (`messages: { en: { busy: '…' }, ha: hausaMessages }`).
 *
 * @example
 * ```ts
 * const messages: LanguageMessages<'en' | 'fr'> = { fr: { unavailable: 'Service indisponible.' } };
 * ```
 */
export type LanguageMessages<L extends string> = {
  readonly [K in L as K extends BuiltInLanguage ? K : never]?: Partial<RouterMessages> | undefined;
} & { readonly [K in L as K extends BuiltInLanguage ? never : K]: RouterMessages };

/**
 * What `messages` takes: {@link LanguageMessages}, or, when every language is built in, changes
 * given once for every language (`{ unavailable: '…' }`, the form of one-language apps).
 *
 * @example
 * ```ts
 * const single: MessagesOption<'en'> = { unavailable: 'Sorry, please dial again.' };
 * ```
 */
export type MessagesOption<L extends string> = [Exclude<L, BuiltInLanguage>] extends [never]
  ? Partial<RouterMessages> | LanguageMessages<L>
  : LanguageMessages<L>;

/**
 * Makes `messages` required, with every message of every language the router has no texts for
 * (`createApp` intersects its options with it).
 *
 * @example
 * ```ts
 * type Needed = MessagesCheck<'en' | 'ha'>; // { readonly messages: LanguageMessages<'en' | 'ha'> }
 * ```
 */
export type MessagesCheck<L extends string> = [Exclude<L, BuiltInLanguage>] extends [never]
  ? unknown
  : { readonly messages: LanguageMessages<L> };

/**
 * What a close or abort hook receives.
 *
 * @example
 * ```ts
 * onClose: ({ sessionId, reason, state }) => audit(sessionId, reason.type, state)
 * ```
 */
export interface EndInfo<S, R> {
  readonly sessionId: string;
  readonly reason: R;
  /** The session state, when the session was known (and on the current flow). */
  readonly state: S | undefined;
}

/**
 * Everything `createApp` takes.
 *
 * @example
 * ```ts
 * createApp({ state: z.object({}), start: 'hi', screens: ({ info }) => ({ hi: info({ text: 'Hi' }) }) })
 * ```
 */
export interface AppOptions<
  Schema extends z.ZodType,
  Screens extends Record<string, AnyScreen>,
  D = unknown,
  R extends Record<string, unknown> = Record<string, unknown>,
  Languages extends readonly [string, ...string[]] = readonly ['en'],
  Flows extends FlowMounts = NoFlows,
> {
  /** The session state's schema; the state is validated when loaded from the store. */
  readonly state: Schema;
  /** The state of a new session. @defaultValue `state.parse({})` */
  readonly initialState?: (() => z.input<Schema>) | undefined;
  /**
   * The language codes of the app, the first being the default (`['en', 'ha']`). Every text may
   * then be a record with one string per language (`{ en: 'Welcome', ha: 'Barka da zuwa' }`),
   * all of them required by the types; each static text is measured in each language at
   * `createApp`. Languages other than `en` and `fr` need the router's messages in `messages`.
   * @defaultValue `['en']`
   */
  readonly languages?: Languages | undefined;
  /**
   * Picks the language of a new session, e.g. the customer's stored preference by `msisdn`; may
   * be async (it runs within `deadlineMs`). `undefined` starts in the first language; a code not
   * in `languages`, or an error, starts in the first language too and reaches `onError`.
   * @defaultValue every session starts in the first language
   */
  readonly language?:
    | ((event: NewSession) => Awaitable<NoInfer<Languages[number]> | undefined>)
    | undefined;
  /**
   * Flows made by `defineFlow`, by name: a `callFlow({ flow: name })` screen enters one, and its
   * screens are named `<name>.<screen>` in the graph. See docs/flows.md.
   */
  readonly flows?: Flows | undefined;
  /** Declares the screens with the factories, typed with the state, languages and flows. */
  readonly screens: (
    factories: ScreenFactories<z.output<Schema>, Languages[number]> &
      FlowCallFactory<z.output<Schema>, Flows, Languages[number]>,
  ) => Screens;
  /** The first screen of dialled sessions. */
  readonly start: NoInfer<keyof Screens & string>;
  readonly entry?:
    | EntryPoints<
        z.output<Schema>,
        NoInfer<keyof Screens & string>,
        D,
        R,
        NoInfer<Languages[number]>
      >
    | undefined;
  /** @defaultValue `memoryStore()` */
  readonly store?: SessionStore | undefined;
  /** When set, the `Authorization` header must equal it (compared in constant time). */
  readonly authToken?: string | undefined;
  /** @defaultValue `65_536` */
  readonly maxBodyBytes?: number | undefined;
  /** Past this, the event answers `messages.deadline`. @defaultValue `3500` */
  readonly deadlineMs?: number | undefined;
  /**
   * How long the gateway waits for an answer before it aborts the session (the sandbox's
   * `answerTimeoutMs`). `createApp` refuses a `deadlineMs` that, with the store's lock wait and a
   * 250 ms margin, adds up past it; a `deadlineScreen` gets what is left of it.
   * @defaultValue `5000`
   */
  readonly gatewayBudgetMs?: number | undefined;
  /**
   * Shown instead of `messages.deadline` when an event passes `deadlineMs`, from the screen the
   * session was on (the late handler's changes are dropped), e.g. a chooser "Still processing.
   * 1. Check status". Keep it fast (static texts): it gets only what is left of `gatewayBudgetMs`
   * after `deadlineMs`, the lock wait and a margin (250 ms with the defaults).
   * @defaultValue an InfoView with `messages.deadline`
   */
  readonly deadlineScreen?: NoInfer<keyof Screens & string> | undefined;
  /** @defaultValue `{ gsm7: 182, ucs2: 80 }` */
  readonly screenLimits?: ScreenLimits | undefined;
  /** `false` turns back and home off. @defaultValue back `0`, home `00`, more `98` */
  readonly navigation?: NavigationOptions<NoInfer<Languages[number]>> | false | undefined;
  /**
   * The router's own texts: changes to the defaults (`{ unavailable: '…' }`), or per language
   * (`{ en: { … }, ha: { …every message… } }`). Built in for `en` and `fr` (see
   * {@link BuiltInLanguage}); required, complete, for any other language.
   */
  readonly messages?: MessagesOption<NoInfer<Languages[number]>> | undefined;
  /**
   * Offers a session that dropped back to its caller's next dial (see {@link ResumeOptions}).
   * @defaultValue no resume
   */
  readonly resume?: ResumeOptions | undefined;
  /** Overrides the flow hash stored with sessions. @defaultValue a hash of the graph */
  readonly flowVersion?: string | undefined;
  readonly onClose?:
    | ((info: EndInfo<z.output<Schema>, CloseReason>) => Awaitable<void>)
    | undefined;
  readonly onAbort?:
    | ((info: EndInfo<z.output<Schema>, AbortReason>) => Awaitable<void>)
    | undefined;
  /**
   * Errors thrown by handlers, text functions, hooks and stores (the customer sees
   * `messages.unavailable`). Replaces the default report.
   * @defaultValue each error logged once to `logger`, or to the console, with the session id, the
   *   event and the screen (never what the customer typed)
   */
  readonly onError?: ((error: unknown, info: ErrorInfo) => void) | undefined;
  /**
   * A pino-compatible logger (`error(details, message)`, and optionally `warn`, `info`,
   * `debug`). The default error report goes to its `error` (unless `onError` is given); with
   * `info`, one line per event; with `debug`, each {@link RouterEvent}. Secret inputs are
   * redacted, and the customer's number is never written.
   * @defaultValue errors to the console, no event lines
   */
  readonly logger?: RouterLogger | undefined;
  /**
   * What observes every event (its steps, times, screens, outcome and errors), e.g.
   * `openTelemetry()` from `@ussdkit/router/otel` for traces and metrics.
   * @defaultValue none: an app without instrumentations pays nothing for them
   */
  readonly instrumentations?: readonly Instrumentation[] | undefined;
  readonly onEvent?: ((event: RouterEvent) => void) | undefined;
}

/**
 * One sentence per problem, naming the screen: a handler route without `targets` (its target
 * type widens to `string`), or a target that is not a screen.
 */
type TargetProblems<Screens> = {
  [K in keyof Screens & string]: string extends TargetsOf<Screens[K]>
    ? `screen '${K}' has a handler without \`targets\`: list the screens it may return`
    : `screen '${K}' leads to '${Exclude<TargetsOf<Screens[K]>, keyof Screens> & string}', which is not a screen`;
}[keyof Screens & string];

/**
 * Makes `createApp` fail to compile when a screen leads to a name that is no screen, or when a
 * handler declares no `targets`: the compiler then asks for a property named after the problem,
 * e.g. `"screen 'menu' leads to 'amout', which is not a screen"`.
 */
export type TargetCheck<Screens> = [TargetProblems<Screens>] extends [never]
  ? unknown
  : { readonly [P in TargetProblems<Screens>]: never };
