import type { AcquireRequest } from '@ussdkit/protocol';
import { parseWire } from '@ussdkit/protocol';
import { Hono } from 'hono';
import {
  type HistoryRetentionConfig,
  historyRetentionConfigSchema,
} from '../config/historyRetentionConfig';
import { type SandboxConfigInput, sandboxConfigSchema } from '../config/SandboxConfig';
import { createAcquireService } from '../core/AcquireService';
import { memoryAppRepository } from '../core/AppRepository';
import {
  type CallbackDispatcherOptions,
  createCallbackDispatcher,
} from '../core/CallbackDispatcher';
import { memoryCallbackLog } from '../core/CallbackLog';
import { memoryDeveloperRepository } from '../core/DeveloperRepository';
import { SandboxClock } from '../core/SandboxClock';
import { demoConfig } from '../demoConfig';
import { acquireRoutes, groupProductsAliasRoutes } from '../http/acquireRoutes';
import { clientRoutes } from '../http/clientRoutes';
import { guardContentType } from '../http/guardContentType';
import { merchantRoutes } from '../http/merchantRoutes';
import { operationRoutes } from '../http/operationRoutes';
import { sandboxRoutes } from '../http/sandboxRoutes';
import { ussdRoutes } from '../http/ussdRoutes';
import {
  type AcquireOperation,
  type AcquireOptions,
  type CatalogueData,
  createServiceRules,
} from '../rules/index';
import { answerErrors } from './answerErrors';
import type { ServiceCore } from './ServiceCore';
import type { ServiceSessions } from './ServiceSessions';
import { sessionsWithoutGateway } from './sessionsWithoutGateway';

/** Options of {@link createServiceApp}. */
export interface ServiceAppOptions<S extends ServiceSessions = ServiceSessions> {
  /** Developers, apps and catalogue (and `historyRetention`). @defaultValue `demoConfig()` */
  readonly config?: SandboxConfigInput | undefined;
  /** The products served, instead of the configuration's catalogue. @defaultValue the configuration's */
  readonly catalogue?: CatalogueData | undefined;
  /** The service's main code, in short codes and recovery codes. @defaultValue `"384"` */
  readonly mainCode?: string | undefined;
  /** How much history is kept; overrides the configuration's. @defaultValue the configuration's */
  readonly historyRetention?: HistoryRetentionConfig | undefined;
  /**
   * The service's time: real time plus advances, or a mock's (`new SandboxClock({ manual: true })`).
   * @defaultValue a new `SandboxClock` reporting task errors to `onError`
   */
  readonly clock?: SandboxClock | undefined;
  /** Real time a `slow` sync acquire waits before answering UNKNOWN/TIMEOUT. @defaultValue 200 */
  readonly providerTimeoutMs?: number | undefined;
  /** How callbacks go out: `fetch`, `attemptTimeoutMs` (5000), `onSend` (hears each body). */
  readonly callbacks?:
    | Pick<CallbackDispatcherOptions, 'fetch' | 'attemptTimeoutMs' | 'onSend'>
    | undefined;
  /** How one acquire should end instead of by its trigger (the msw handlers' outcomes). */
  readonly acquireOptions?:
    | ((clientId: string, request: AcquireRequest) => AcquireOptions)
    | undefined;
  /**
   * What runs the sessions the service starts: the sandbox gives its gateway, made from the core.
   * @defaultValue {@link sessionsWithoutGateway}: checked and answered, no phone, no app called
   */
  readonly sessions?: ((core: Omit<ServiceCore, 'sessions'>) => S) | undefined;
  /** Hears unexpected errors (answered 500 without details). @defaultValue ignores them */
  readonly onError?: ((error: unknown) => void) | undefined;
}

/** The service as a fetch app, with its state. */
export interface ServiceApp<S extends ServiceSessions = ServiceSessions> extends ServiceCore<S> {
  /**
   * Answers one request of the service endpoints or of the service's sandbox API (`/sandbox/
   * developers`, `/sandbox/clock/advance`, `/sandbox/callbacks`, `/sandbox/history`), with the
   * content-type rule and JSON `{code, message}` errors. `env` is a server adapter's.
   */
  fetch(request: Request, env?: Record<string, unknown>): Promise<Response>;
  /** The same routes without the content-type rule and error answers, for a host to mount. */
  readonly routes: Hono;
  /** The acquires, by `operationKey(clientId, operationId)` (the rules' store). */
  readonly operations: Map<string, AcquireOperation>;
  /** Resolves when every callback delivery under way has finished. */
  idle(): Promise<void>;
}

/**
 * The service's rules as one portable fetch app (Web APIs only: it runs in Node, workerd,
 * browsers): authentication with a constant-time comparison, permissions, the developer schema,
 * the demo developer and app, the catalogue, acquires and their triggers, merchant payments, the
 * one operationId namespace, pushes (the gateway's check), the history, and callback delivery
 * with retries and a timeout per attempt. The sandbox serves it behind its Node server and
 * gateway; the msw handlers of `@ussdkit/testing/msw` route their requests to it
 * (docs/decisions/0036-one-service-app.md).
 *
 * @throws `ProtocolError` naming the field when `config` is invalid.
 *
 * @example
 * ```ts
 * const service = createServiceApp();
 * const answer = await service.fetch(new Request('http://service.test/client/info', {
 *   headers: { 'x-client-id': 'demo-client', 'x-client-secret': 'demo-secret' },
 * }));
 * ```
 */
export function createServiceApp<S extends ServiceSessions = ServiceSessions>(
  options: ServiceAppOptions<S> = {},
): ServiceApp<S> {
  const config = parseWire(
    sandboxConfigSchema,
    options.config ?? demoConfig(),
    'sandbox configuration',
  );
  const onError = options.onError ?? (() => {});
  const clock = options.clock ?? new SandboxClock({ onTaskError: onError });
  const developers = memoryDeveloperRepository();
  const apps = memoryAppRepository();
  for (const developer of config.developers) developers.put(developer);
  for (const app of config.apps) apps.put(app);
  const historyRetention =
    options.historyRetention === undefined
      ? config.historyRetention
      : parseWire(historyRetentionConfigSchema, options.historyRetention, 'historyRetention');
  const callbackLog = memoryCallbackLog(historyRetention, () => clock.now());
  const callbacks = createCallbackDispatcher({
    ...options.callbacks,
    clock,
    log: callbackLog,
    callbackUrl: (clientId) => developers.get(clientId)?.callbackUrl,
  });
  const operations = new Map<string, AcquireOperation>();
  const rules = createServiceRules({
    operations,
    now: () => clock.now(),
    catalogue: options.catalogue ?? config.catalogue,
    historyRetention,
    balanceOf: (clientId) => developers.get(clientId)?.balance ?? 0,
    adjustBalance: (clientId, delta) =>
      void developers.update(clientId, (developer) => {
        developer.balance = Math.round((developer.balance + delta) * 100) / 100;
      }),
    sendCallback: (clientId, operationId, body) => callbacks.send(clientId, operationId, body),
    settleLater: (operation, delayMs) =>
      void clock.schedule(delayMs, () => rules.acquires.settleIfDue(operation)),
  });
  const acquires = createAcquireService({
    rules: rules.acquires,
    providerTimeoutMs: options.providerTimeoutMs,
    optionsFor: options.acquireOptions,
  });
  const mainCode = options.mainCode ?? '384';
  const state = { mainCode, clock, developers, apps, rules, callbackLog, callbacks, acquires };
  // Without a factory, S is the default ServiceSessions, which sessionsWithoutGateway gives.
  const makeSessions = options.sessions ?? (sessionsWithoutGateway as (core: typeof state) => S);
  const core: ServiceCore<S> = { ...state, sessions: makeSessions(state) };
  const routes = new Hono();
  routes.route('/v1/acquire', acquireRoutes(core));
  routes.route('/products', groupProductsAliasRoutes(core));
  routes.route('/ussd/app', ussdRoutes(core));
  routes.route('/client', clientRoutes(core));
  routes.route('/merchant', merchantRoutes(core));
  routes.route('/operation', operationRoutes(core));
  routes.route('/sandbox', sandboxRoutes(core));
  const app = answerErrors(new Hono(), onError);
  app.use('*', guardContentType());
  app.route('/', routes);
  return {
    ...core,
    operations,
    routes,
    fetch: async (request, env) => app.fetch(request, env),
    idle: () => callbacks.idle(),
  };
}
