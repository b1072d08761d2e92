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
export type * from './acquire/AcquireOperation';
export * from './acquire/acquireCallback';
export * from './acquire/createAcquireRules';
export * from './acquire/decideAcquire';
export {
  memoryOperationRepository,
  type OperationRepository,
} from './acquire/OperationRepository';
export * from './acquire/trigger';
export * from './callbackRetry';
export * from './catalogue/Catalogue';
export type * from './catalogue/CatalogueData';
export * from './catalogue/demoCatalogue';
export * from './createServiceRules';
export * from './history/HistoryLog';
export * from './history/historyEntries';
export * from './merchant/createMerchantPayments';
export * from './merchant/customerAccounts';
export * from './OperationIds';
export * from './requests/ownerCredentials';
export * from './requests/parseRequest';
export * from './requests/RuleError';
export * from './requests/requireJsonContentType';
