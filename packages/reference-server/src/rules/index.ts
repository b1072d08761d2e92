/**
 * @module @ussdkit/reference-server/rules
 *
 * The service's rules as pure, runtime-neutral code (no Node built-ins, no I/O, time passed in):
 * the catalogue and the demo catalogue, the acquire decisions and test triggers, amount checks,
 * the callback bodies, the merchant payment and operation history rules, the bounded history, and
 * the content-type rule of requests.
 * The sandbox serves them over HTTP; the msw handlers of `@ussdkit/testing/msw` answer with them,
 * so a mock cannot drift from the sandbox (docs/decisions/0015-one-implementation-of-the-service-rules.md).
 */
export type * from './AcquireOperation';
export * from './acquireCallback';
export * from './Catalogue';
export type * from './CatalogueData';
export * from './callbackRetry';
export * from './createAcquireRules';
export * from './createMerchantPayments';
export * from './createServiceRules';
export * from './customerAccounts';
export * from './decideAcquire';
export * from './demoCatalogue';
export * from './HistoryLog';
export * from './historyEntries';
export * from './OperationIds';
export {
  memoryOperationRepository,
  type OperationRepository,
} from './OperationRepository';
export * from './ownerCredentials';
export * from './parseRequest';
export * from './RuleError';
export * from './requireJsonContentType';
export * from './trigger';
