import type * as rules from '@ussdkit/reference-server/rules';
import * as service from '@ussdkit/reference-server/service';
import { bypass } from 'msw';
import { type AcquireOutcome, type OutcomeKey, outcomeOptions } from './AcquireOutcome';
import type { ForcedError, ServiceEndpointName } from './ForcedError';
import type { CallbackLogEntry, MockApp, MockDeveloper, MockOperation } from './MockRecords';
import { demoCatalogue, type MockCatalogue } from './mockCatalogue';
import type { ServiceHandlersOptions } from './ServiceHandlersOptions';

/** Sandbox time after which an UNKNOWN acquire settles. */
export { SETTLE_AFTER_MS } from '@ussdkit/reference-server/rules';

/**
 * The state behind one {@link serviceHandlers} call, with the controls tests need. Reached as
 * `handlers.service`. It answers with the sandbox's own service app (`createServiceApp` of
 * `@ussdkit/reference-server/service`: the same authentication, developer schema, push check,
 * rules and callback delivery), on a mock clock that moves only with {@link MockService.advance};
 * what is its own is the forced errors and the per-test outcomes.
 *
 * @example
 * ```ts
 * const handlers = serviceHandlers();
 * handlers.service.forceError('acquireStatus', { status: 503, times: 1 });
 * await handlers.service.advance(30);
 * ```
 */
export class MockService {
  /** Developers by client id (changed in place by the service). */
  readonly developers: Map<string, MockDeveloper>;
  readonly apps: Map<string, MockApp>;
  /** Recorded acquires by `clientId` and operationId (see {@link MockService.operation}). */
  readonly operations: Map<string, MockOperation>;
  readonly catalogue: MockCatalogue;
  readonly mainCode: string;
  /** The sandbox's rules over this state (acquires, merchant payments, history). */
  readonly rules: rules.ServiceRules;
  readonly #app: service.ServiceApp;
  readonly #forced = new Map<string, { error: ForcedError; remaining: number }>();
  readonly #outcomes = new Map<string, AcquireOutcome>();

  constructor(options: ServiceHandlersOptions = {}) {
    this.catalogue = options.catalogue ?? demoCatalogue();
    this.mainCode = options.mainCode ?? '384';
    const developer = { ...service.demoDeveloper(), ...options.developer };
    this.#app = service.createServiceApp({
      config: {
        developers: [developer],
        apps: [{ ...service.demoApp(), clientId: developer.clientId }],
      },
      catalogue: this.catalogue,
      mainCode: this.mainCode,
      historyRetention: options.historyRetention,
      clock: new service.SandboxClock({ manual: true }),
      // No provider to wait for: a `slow` acquire answers UNKNOWN/TIMEOUT at once.
      providerTimeoutMs: 0,
      // Past msw, so callbacks reach a real local receiver.
      callbacks: {
        onSend: options.onCallback,
        // A URL and init, not a Request: msw re-builds a Request it is given, and fails where a
        // server adapter replaced the global Request (@hono/node-server's, as the sandbox runs).
        fetch: (url, init) =>
          fetch(String(url), { ...init, headers: bypass(String(url), init).headers }),
      },
      acquireOptions: (_clientId, { operationId, beneficiaryId }) =>
        this.acquireOptionsFor(operationId, beneficiaryId),
    });
    ({ developers: this.developers, apps: this.apps, operations: this.operations } = this.#app);
    this.rules = this.#app.rules;
    const { byOperationId = {}, byBeneficiaryId = {} } = options.outcomes ?? {};
    for (const [id, outcome] of Object.entries(byOperationId))
      this.setOutcome({ operationId: id }, outcome);
    for (const [id, outcome] of Object.entries(byBeneficiaryId))
      this.setOutcome({ beneficiaryId: id }, outcome);
    for (const [endpoint, error] of Object.entries(options.errors ?? {})) {
      if (error !== undefined) this.forceError(endpoint as ServiceEndpointName | '*', error);
    }
  }

  /** Every callback delivery attempt, oldest first. */
  get callbacks(): CallbackLogEntry[] {
    return this.#app.callbackLog.list();
  }

  /** Mock time in milliseconds since the epoch (starts at the real time). */
  now(): number {
    return this.#app.clock.now();
  }

  /**
   * Moves mock time on: UNKNOWN acquires due settle (async ones send their final callback) and
   * due callback retries run; resolves the new time (ms) once their deliveries are done.
   */
  async advance(seconds: number): Promise<number> {
    await this.#app.clock.advance(seconds);
    await this.idle();
    return this.now();
  }

  /** Makes an endpoint (or every endpoint, `'*'`) answer an error; see {@link ForcedError}. */
  forceError(endpoint: ServiceEndpointName | '*', error: ForcedError): void {
    this.#forced.set(endpoint, { error, remaining: error.times ?? Infinity });
  }

  /** Removes every forced error. */
  clearForcedErrors(): void {
    this.#forced.clear();
  }

  /** Sets how the acquire with this operationId or beneficiaryId ends. */
  setOutcome(key: OutcomeKey, outcome: AcquireOutcome): void {
    this.#outcomes.set(JSON.stringify(key), outcome);
  }

  /** The recorded acquire, if any. */
  operation(clientId: string, operationId: string): MockOperation | undefined {
    return this.rules.operations.get(clientId, operationId);
  }

  /** The recorded merchant payment (`POST /merchant/payment`), if any. */
  merchantPayment(clientId: string, operationId: string): rules.MerchantPaymentRecord | undefined {
    return this.rules.payments.get(clientId, operationId);
  }

  /**
   * Ends a merchant payment as the customer's session would: records the outcome and sends the
   * merchant payment callback (`{clientId, operationId, result, cause?}`). There is no phone in
   * the mock, so a payment stays `INITIATED` until a test completes it. After `Unknown`, complete
   * it again with the final outcome.
   *
   * @example
   * ```ts
   * handlers.service.completeMerchantPayment('op-1', { result: 'Failure', cause: 'InsufficientBalance' });
   * ```
   */
  completeMerchantPayment(
    operationId: string,
    outcome: rules.MerchantPaymentOutcome,
    clientId = 'demo-client',
  ): void {
    this.rules.payments.report(clientId, operationId, outcome);
  }

  /** Resolves when every callback delivery under way has finished. */
  idle(): Promise<void> {
    return this.#app.idle();
  }

  /** @internal The service's answer to one request (its path relative to the service). */
  fetch(request: Request): Promise<Response> {
    return this.#app.fetch(request);
  }

  /** @internal The forced error for a call of `endpoint`, counting it down. */
  takeForced(endpoint: ServiceEndpointName): ForcedError | undefined {
    for (const key of [endpoint, '*']) {
      const forced = this.#forced.get(key);
      if (forced === undefined || forced.remaining <= 0) continue;
      forced.remaining -= 1;
      return forced.error;
    }
    return undefined;
  }

  /**
   * @internal How the rules should run an acquire: the configured outcome, if any (a configured
   * outcome skips the beneficiary check, as a trigger does).
   */
  acquireOptionsFor(operationId: string, beneficiaryId: string): rules.AcquireOptions {
    const outcome =
      this.#outcomes.get(JSON.stringify({ operationId })) ??
      this.#outcomes.get(JSON.stringify({ beneficiaryId }));
    return outcome === undefined ? {} : outcomeOptions(outcome);
  }
}
