import { acquireCallbackBody } from '@ussdkit/protocol';
import { bypass } from 'msw';
import type { AcquireOutcome } from './AcquireOutcome';
import type { ForcedError, ServiceEndpointName } from './ForcedError';
import { operationKey, round2 } from './internal/records';
import type { CallbackLogEntry, MockApp, MockDeveloper, MockOperation } from './MockRecords';
import { demoCatalogue, type MockCatalogue } from './mockCatalogue';
import type { ServiceHandlersOptions } from './ServiceHandlersOptions';

/** Sandbox time after which an UNKNOWN acquire settles. */
export const SETTLE_AFTER_MS = 30_000;

/**
 * The state behind one {@link serviceHandlers} call: developers, apps, recorded acquires, the
 * callback log and a mock clock, with the controls tests need. Reached as `handlers.service`.
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
    for (const operation of this.operations.values()) this.settleIfDue(operation);
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

  /** @internal The configured outcome of an acquire, if any. */
  outcomeFor(operationId: string, beneficiaryId: string): AcquireOutcome | undefined {
    return this.#byOperationId.get(operationId) ?? this.#byBeneficiaryId.get(beneficiaryId);
  }

  /** @internal Settles an UNKNOWN acquire whose time has come. */
  settleIfDue(operation: MockOperation): void {
    const settlement = operation.settlement;
    if (operation.status !== 'UNKNOWN' || settlement === undefined || this.#now < settlement.at) {
      return;
    }
    if (settlement.status === 'SUCCESS') this.succeed(operation);
    else this.fail(operation, 'INTERNAL', '10');
    this.notify(operation);
  }

  /** @internal Marks an acquire successful. */
  succeed(operation: MockOperation): void {
    operation.status = 'SUCCESS';
    operation.transactionId = crypto.randomUUID();
    operation.reference = `REF-${this.#now}-${operation.operationId.slice(0, 8)}`;
    operation.settlement = undefined;
  }

  /** @internal Marks an acquire failed and gives the amount back. */
  fail(operation: MockOperation, error: string, rawErrorCode: string): void {
    operation.status = 'FAILURE';
    operation.error = error;
    operation.rawErrorCode = rawErrorCode;
    operation.settlement = undefined;
    const developer = this.developers.get(operation.clientId);
    if (developer !== undefined) developer.balance = round2(developer.balance + operation.amount);
  }

  /** @internal Sends the acquire's callback in its current state (async acquires only). */
  notify(operation: MockOperation): void {
    if (operation.mode !== 'async') return;
    const body = acquireCallbackBody(operation);
    this.#onCallback?.(body);
    this.#deliver(operation.clientId, operation.operationId, body, 1);
  }

  #deliver(clientId: string, operationId: string, body: unknown, attempt: number): void {
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
      const delay = Math.min(1000 * 2 ** (attempt - 1), 600_000);
      const run = () => this.#deliver(clientId, operationId, body, attempt + 1);
      this.#retries.push({ at: this.#now + delay, run });
    })();
    this.#pending.add(delivery);
    void delivery.finally(() => this.#pending.delete(delivery));
  }
}
