import {
  type AcquireOptions,
  createServiceRules,
  type MerchantPaymentOutcome,
  type MerchantPaymentRecord,
  nextRetryDelay,
  operationKey,
  parseTrigger,
  SETTLE_AFTER_MS as RULES_SETTLE_AFTER_MS,
  type ServiceRules,
} from '@ussdkit/reference-server/rules';
import { bypass } from 'msw';
import type { AcquireOutcome } from './AcquireOutcome';
import type { ForcedError, ServiceEndpointName } from './ForcedError';
import { round2 } from './internal/records';
import type { CallbackLogEntry, MockApp, MockDeveloper, MockOperation } from './MockRecords';
import { demoCatalogue, type MockCatalogue } from './mockCatalogue';
import type { ServiceHandlersOptions } from './ServiceHandlersOptions';

/** Sandbox time after which an UNKNOWN acquire settles. */
export const SETTLE_AFTER_MS = RULES_SETTLE_AFTER_MS;

/**
 * The state behind one {@link serviceHandlers} call: developers, apps, recorded acquires and
 * merchant payments, the history, the callback log and a mock clock, with the controls tests
 * need. Reached as `handlers.service`. Its answers come from the sandbox's own rules
 * (`@ussdkit/reference-server/rules`), so they match the sandbox's.
 *
 * @example
 * ```ts
 * const handlers = serviceHandlers();
 * handlers.service.forceError('acquireStatus', { status: 503, times: 1 });
 * await handlers.service.advance(30);
 * ```
 */
export class MockService {
  readonly developers = new Map<string, MockDeveloper>();
  readonly apps = new Map<string, MockApp>();
  /** Recorded acquires by `clientId` and operationId (see {@link MockService.operation}). */
  readonly operations = new Map<string, MockOperation>();
  /** Every callback delivery attempt. */
  readonly callbacks: CallbackLogEntry[] = [];
  readonly catalogue: MockCatalogue;
  readonly mainCode: string;
  /** The sandbox's rules over this state (acquires, merchant payments, history). */
  readonly rules: ServiceRules;
  #now = Date.now();
  readonly #forced = new Map<string, { error: ForcedError; remaining: number }>();
  readonly #byOperationId = new Map<string, AcquireOutcome>();
  readonly #byBeneficiaryId = new Map<string, AcquireOutcome>();
  readonly #pending = new Set<Promise<void>>();
  readonly #retries: { at: number; run: () => void }[] = [];
  readonly #onCallback: ((body: unknown) => void) | undefined;

  constructor(options: ServiceHandlersOptions = {}) {
    this.catalogue = options.catalogue ?? demoCatalogue();
    this.mainCode = options.mainCode ?? '384';
    this.#onCallback = options.onCallback;
    const developer: MockDeveloper = {
      clientId: 'demo-client',
      clientSecret: 'demo-secret',
      name: 'Demo Developer',
      balance: 1_000_000,
      virtualPurse: 10_000,
      feePerTick: 2,
      permissions: ['ACQUIRE', 'PUSH', 'RECOVERY', 'EMBEDDED_PROCESS'],
      msisdn: '+2348000000000',
      emailAddress: 'demo@example.com',
      country: 'NG',
      ...options.developer,
    };
    this.developers.set(developer.clientId, developer);
    this.apps.set('demo-app', {
      appId: 'demo-app',
      clientId: developer.clientId,
      url: 'http://127.0.0.1:3000/ussd',
      appCode: '1',
    });
    for (const [id, outcome] of Object.entries(options.outcomes?.byOperationId ?? {})) {
      this.#byOperationId.set(id, outcome);
    }
    for (const [id, outcome] of Object.entries(options.outcomes?.byBeneficiaryId ?? {})) {
      this.#byBeneficiaryId.set(id, outcome);
    }
    for (const [endpoint, error] of Object.entries(options.errors ?? {})) {
      if (error !== undefined)
        this.#forced.set(endpoint, { error, remaining: error.times ?? Infinity });
    }
    this.rules = createServiceRules({
      now: () => this.#now,
      catalogue: this.catalogue,
      historyRetention: options.historyRetention,
      balanceOf: (clientId) => this.developers.get(clientId)?.balance ?? 0,
      adjustBalance: (clientId, delta) => {
        const found = this.developers.get(clientId);
        if (found !== undefined) found.balance = round2(found.balance + delta);
      },
      sendCallback: (clientId, operationId, body) => {
        this.#onCallback?.(body);
        this.#deliver(clientId, operationId, body, 1, this.#now);
      },
      operations: this.operations,
    });
  }

  /** Mock time in milliseconds since the epoch (starts at the real time). */
  now(): number {
    return this.#now;
  }

  /**
   * Moves mock time on: UNKNOWN acquires due settle (async ones send their final callback) and
   * due callback retries run; resolves the new time (ms) once their deliveries are done.
   */
  async advance(seconds: number): Promise<number> {
    this.#now += seconds * 1000;
    for (const operation of [...this.operations.values()]) {
      this.rules.acquires.settleIfDue(operation);
    }
    const due = this.#retries.filter((retry) => retry.at <= this.#now);
    for (const retry of due) this.#retries.splice(this.#retries.indexOf(retry), 1);
    for (const retry of due) retry.run();
    await this.idle();
    return this.#now;
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
  setOutcome(
    key: { readonly operationId: string } | { readonly beneficiaryId: string },
    outcome: AcquireOutcome,
  ): void {
    if ('operationId' in key) this.#byOperationId.set(key.operationId, outcome);
    else this.#byBeneficiaryId.set(key.beneficiaryId, outcome);
  }

  /** The recorded acquire, if any. */
  operation(clientId: string, operationId: string): MockOperation | undefined {
    return this.operations.get(operationKey(clientId, operationId));
  }

  /** The recorded merchant payment (`POST /merchant/payment`), if any. */
  merchantPayment(clientId: string, operationId: string): MerchantPaymentRecord | undefined {
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
    outcome: MerchantPaymentOutcome,
    clientId = 'demo-client',
  ): void {
    this.rules.payments.report(clientId, operationId, outcome);
  }

  /** Resolves when every callback delivery under way has finished. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
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
  acquireOptionsFor(operationId: string, beneficiaryId: string): AcquireOptions {
    const outcome =
      this.#byOperationId.get(operationId) ?? this.#byBeneficiaryId.get(beneficiaryId);
    if (outcome === undefined) return {};
    return {
      trigger: outcome === 'success' ? { kind: 'none' as const } : parseTrigger(outcome),
      trustBeneficiary: true,
    };
  }

  #deliver(
    clientId: string,
    operationId: string,
    body: unknown,
    attempt: number,
    firstAt: number,
  ): void {
    const url = this.developers.get(clientId)?.callbackUrl;
    const at = this.#now / 1000;
    if (url === undefined || url === '') {
      this.callbacks.push({
        operationId,
        url: '',
        attempt,
        error: 'no callback URL configured',
        at,
        body,
      });
      return;
    }
    const delivery = (async () => {
      try {
        const request = new Request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const response = await fetch(bypass(request));
        await response.arrayBuffer().catch(() => undefined);
        this.callbacks.push({ operationId, url, attempt, status: response.status, at, body });
        if (response.ok) return;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.callbacks.push({ operationId, url, attempt, error: message, at, body });
      }
      const delay = nextRetryDelay(attempt, firstAt, this.#now);
      if (delay === undefined) return;
      const run = () => this.#deliver(clientId, operationId, body, attempt + 1, firstAt);
      this.#retries.push({ at: this.#now + delay, run });
    })();
    this.#pending.add(delivery);
    void delivery.finally(() => this.#pending.delete(delivery));
  }
}
