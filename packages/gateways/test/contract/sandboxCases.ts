/**
 * The providers the contract tests walk through the sandbox, one row each: the adapter that
 * serves the app, the protocol the sandbox registers it with, and what the provider's documents
 * (docs/reference/gateways.md, decisions 0042 and 0045) say it does with a deep link, an
 * out-of-band end and a long screen.
 */
import { africasTalking } from '@ussdkit/africastalking';
import type { Door } from '@ussdkit/router';
import { arkesel, beem, hubtel, infobip, nalo } from '../../src/index';
import type { SandboxApp } from './sandboxApp';

/** The secret in the query of every registered URL, as the adapters' `secret` option checks it. */
export const URL_SECRET = 'gw-s3cret-query';
/** The developer whose apps the sandbox calls: the account Arkesel and Nalo name (`userID`). */
export const ACCOUNT = 'acme';

/** An adapter at work: a web handler that carries its door, for `toNodeHandler`. */
export type Handler = ((request: Request) => Promise<Response>) & { readonly door: Door };

/** How the app ends on one out-of-band end: its `onClose` reason, or none sent by the provider. */
export type EndReason = 'Abandon' | 'Timeout' | 'none';

/** One provider under test. */
export interface SandboxCase {
  readonly title: string;
  /** The sandbox's `protocol` of the app. */
  readonly protocol: 'hubtel' | 'arkesel' | 'nalo' | 'beem' | 'infobip' | 'africastalking';
  /** The app code under the main code 384: the customer dials `*384*<code>#`. */
  readonly code: number;
  /** The adapter serving `app`, with its caller checks. */
  serve(app: SandboxApp['app']): Handler;
  /**
   * The network as the app's `ctx.operator` gets it: the provider's name for it in lower case,
   * Africa's Talking's `networkCode` as sent, nothing where the provider sends none.
   */
  readonly operator: string;
  /** Whether the first request carries the dialled string, so that `*384*<code>*5#` deep-links. */
  readonly deepLinks: boolean;
  /**
   * The longest screen the provider shows, which the adapter cuts to and the sandbox must find
   * within its own; none: screens are shown whole.
   */
  readonly budget: number | undefined;
  /**
   * Whether the provider also notifies the end of a session its app ended (Infobip's `PUT …/end`,
   * Africa's Talking's notification), which frees the session the app kept, ended, for a repeat.
   */
  readonly notifiesFinal: boolean;
  /** What reaches the app when the phone hangs up, and at the sandbox's 120 s limit. */
  readonly onCancel: EndReason;
  readonly onTimeout: EndReason;
  /** Whether the adapter compares the account the provider names with its `userId`. */
  readonly checksAccount: boolean;
  /**
   * Whether a request says which step of the session it is (Hubtel's `Sequence`, Beem's
   * `request_id`, Africa's Talking's whole `text`), so that a resent one is told from a new input.
   */
  readonly numbersSteps: boolean;
}

const check = { secret: URL_SECRET };

/** Hubtel, Arkesel, Nalo, Beem and Infobip, then Africa's Talking, for symmetry. */
export const sandboxCases: readonly SandboxCase[] = [
  {
    title: 'Hubtel',
    protocol: 'hubtel',
    code: 41,
    serve: (app) => hubtel(app, check),
    operator: 'mtn',
    deepLinks: true,
    budget: 182,
    notifiesFinal: false,
    onCancel: 'Abandon',
    onTimeout: 'Timeout',
    checksAccount: false,
    numbersSteps: true,
  },
  {
    title: 'Arkesel',
    protocol: 'arkesel',
    code: 42,
    serve: (app) => arkesel(app, { ...check, userId: ACCOUNT }),
    operator: 'mtn',
    deepLinks: true,
    budget: 182,
    notifiesFinal: false,
    onCancel: 'none',
    onTimeout: 'none',
    checksAccount: true,
    numbersSteps: false,
  },
  {
    title: 'Nalo',
    protocol: 'nalo',
    code: 43,
    serve: (app) => nalo(app, { ...check, userId: ACCOUNT }),
    operator: 'mtn',
    deepLinks: true,
    budget: 120,
    notifiesFinal: false,
    onCancel: 'none',
    onTimeout: 'none',
    checksAccount: true,
    numbersSteps: false,
  },
  {
    title: 'Beem',
    protocol: 'beem',
    code: 44,
    serve: (app) => beem(app, check),
    operator: 'mtn',
    deepLinks: false,
    budget: 182,
    // Beem's one `terminate` does not say why: the adapter reads it as the subscriber leaving.
    notifiesFinal: false,
    onCancel: 'Abandon',
    onTimeout: 'Abandon',
    checksAccount: false,
    numbersSteps: true,
  },
  {
    title: 'Infobip',
    protocol: 'infobip',
    code: 45,
    serve: (app) => infobip(app, check),
    operator: '',
    deepLinks: true,
    budget: 182,
    notifiesFinal: true,
    onCancel: 'Abandon',
    onTimeout: 'Timeout',
    checksAccount: false,
    numbersSteps: false,
  },
  {
    title: "Africa's Talking",
    protocol: 'africastalking',
    code: 46,
    serve: (app) => africasTalking(app, check),
    operator: '62130',
    deepLinks: true,
    // Africa's Talking's screen length is not in our sources: neither side cuts (decision 0045).
    budget: undefined,
    notifiesFinal: true,
    onCancel: 'Abandon',
    onTimeout: 'Timeout',
    checksAccount: false,
    numbersSteps: true,
  },
];
