import type { HistoryRetention } from '@ussdkit/reference-server/rules';
import type { AcquireOutcome } from './AcquireOutcome';
import type { ForcedError, ServiceEndpointName } from './ForcedError';
import type { MockDeveloper } from './MockRecords';
import type { MockCatalogue } from './mockCatalogue';

/**
 * Options of {@link serviceHandlers}, also the initial state of its {@link MockService}.
 *
 * @example
 * ```ts
 * const options: ServiceHandlersOptions = { baseUrl: 'https://api.example.test', developer: { balance: 0 } };
 * ```
 */
export interface ServiceHandlersOptions {
  /**
   * Origin (and path prefix) the handlers answer on.
   * @defaultValue any origin
   */
  readonly baseUrl?: string;
  /** Overrides of the demo developer (`demo-client` / `demo-secret`, every permission). */
  readonly developer?: Partial<MockDeveloper>;
  /**
   * The products served.
   * @defaultValue demoCatalogue()
   */
  readonly catalogue?: MockCatalogue;
  /** Acquire outcomes by operationId or beneficiaryId (beneficiary ids also read as triggers). */
  readonly outcomes?: {
    readonly byOperationId?: Readonly<Record<string, AcquireOutcome>>;
    readonly byBeneficiaryId?: Readonly<Record<string, AcquireOutcome>>;
  };
  /** Errors forced per endpoint (`'*'` for all), as {@link MockService.forceError} sets them. */
  readonly errors?: Partial<Readonly<Record<ServiceEndpointName | '*', ForcedError>>>;
  /** Called with every callback body the service sends (besides the HTTP delivery). */
  readonly onCallback?: (body: unknown) => void;
  /**
   * Also mock the reference server's sandbox API subset: `POST /sandbox/developers`,
   * `GET|PATCH /sandbox/developers/{clientId}`, `POST /sandbox/clock/advance`,
   * `GET /sandbox/callbacks`, `GET /sandbox/history`.
   * @defaultValue false
   */
  readonly sandboxApi?: boolean;
  /**
   * How much operation history is kept (`GET /operation/history`), as the sandbox's
   * `historyRetention`: the latest `entries`, each for `seconds` of mock time. A dropped acquire or
   * payment is forgotten (its status reads `NOT_FOUND`).
   * @defaultValue the sandbox's: 100,000 entries, 7 days
   */
  readonly historyRetention?: HistoryRetention;
  /**
   * Main short code, for recovery short codes and app profiles.
   * @defaultValue '384'
   */
  readonly mainCode?: string;
}
