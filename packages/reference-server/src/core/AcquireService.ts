import type {
  AcquireRequest,
  AcquireResult,
  AsyncAcquireResult,
  OperatorAcquireRequest,
} from '@ussdkit/protocol';
import type { AcquireOptions, AcquireRules } from '../rules/index';

/** Options of {@link createAcquireService}. */
export interface AcquireServiceOptions {
  /** The acquire rules the sandbox shares with the msw handlers. */
  readonly rules: AcquireRules;
  /**
   * Real time a `slow` sync acquire waits before answering UNKNOWN/TIMEOUT (0: at once, as the
   * msw handlers answer, which have no provider to wait for).
   * @defaultValue 200
   */
  readonly providerTimeoutMs?: number | undefined;
  /**
   * How one acquire should end instead of by its trigger (the msw handlers' per-test outcomes).
   * @defaultValue none: the beneficiary id's trigger decides
   */
  readonly optionsFor?: ((clientId: string, request: AcquireRequest) => AcquireOptions) | undefined;
}

/**
 * The acquire operations of both flows as the sandbox serves them: the shared rules, plus the
 * real-time wait of the `slow` trigger (a provider that does not answer in time). The status
 * reads are the rules' own.
 *
 * @example
 * ```ts
 * const answer = await acquires.acquireSync('demo-client', request);
 * ```
 */
export interface AcquireService extends Pick<AcquireRules, 'status' | 'operatorStatus'> {
  /** `POST /v1/acquire/product`. */
  acquireSync(clientId: string, request: AcquireRequest): Promise<AcquireResult>;
  /** `POST /v1/acquire/product/async`. */
  acquireAsync(clientId: string, request: AcquireRequest): AsyncAcquireResult;
  operatorAcquire(clientId: string, request: OperatorAcquireRequest): void;
}

/**
 * Creates the acquire service over the shared rules.
 *
 * @example
 * ```ts
 * const acquires = createAcquireService({ rules: rules.acquires, providerTimeoutMs: 200 });
 * ```
 */
export function createAcquireService(options: AcquireServiceOptions): AcquireService {
  const { rules } = options;
  const providerTimeoutMs = options.providerTimeoutMs ?? 200;
  const optionsFor = options.optionsFor ?? (() => ({}));
  return {
    async acquireSync(clientId, request) {
      const { answer, slow } = rules.acquireSync(clientId, request, optionsFor(clientId, request));
      // The provider's answer does not come in time: the service gives up and answers UNKNOWN.
      if (slow && providerTimeoutMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, providerTimeoutMs));
      }
      return answer;
    },
    acquireAsync: (clientId, request) =>
      rules.acquireAsync(clientId, request, optionsFor(clientId, request)),
    status: (clientId, operationId) => rules.status(clientId, operationId),
    operatorAcquire(clientId, request) {
      rules.operatorAcquire(clientId, request);
    },
    operatorStatus: (clientId, operationId) => rules.operatorStatus(clientId, operationId),
  };
}
