/**
 * @module @ussdkit/reference-server
 *
 * A runnable implementation of the USSD and acquire service: the service endpoints, the sandbox
 * API, the USSD gateway and billing, with an injectable clock. Start it with {@link startSandbox}
 * or the `ussdkit-sandbox` command; `createSandbox` gives the same service without a socket.
 */
export type { App, AppConfig } from './config/appConfig';
export { appConfigSchema } from './config/appConfig';
export type { CatalogueConfig, CatalogueProduct } from './config/catalogueConfig';
export { amountLookupSchema, catalogueConfigSchema } from './config/catalogueConfig';
export type { Developer, DeveloperConfig } from './config/developerConfig';
export { developerConfigSchema, knownPermissions } from './config/developerConfig';
export { loadConfigFile } from './config/loadConfigFile';
export type { SandboxConfig, SandboxConfigInput } from './config/SandboxConfig';
export { sandboxConfigSchema } from './config/SandboxConfig';
export {
  DEFAULT_ENDED_SESSION_SECONDS,
  DEFAULT_RETAINED_ENDED_SESSIONS,
  type SessionRetention,
  type SessionRetentionConfig,
  sessionRetentionConfigSchema,
} from './config/sessionRetentionConfig';
export { SETTLE_AFTER_MS } from './core/AcquireService';
export {
  FIRST_RETRY_MS,
  MAX_RETRY_MS,
  RETRY_WINDOW_MS,
  retryDelayMs,
} from './core/CallbackDispatcher';
export type { CallbackAttempt } from './core/CallbackLog';
export type { Clock, TimerHandle } from './core/Clock';
export type { HistoryEntry } from './core/historyEntries';
export { SandboxClock, type SandboxClockOptions } from './core/SandboxClock';
export { ServiceError } from './core/ServiceError';
export { parseTrigger, rawErrorCodes, type Trigger, triggerErrorCodes } from './core/trigger';
export {
  BODY_LIMIT_BYTES,
  type CreateSandboxOptions,
  createSandbox,
  type Sandbox,
} from './createSandbox';
export { DEMO, demoConfig } from './demoConfig';
export type {
  DialRequest,
  Gateway,
  ScreenAnswer,
  SessionAbortNotice,
  SessionReport,
  TranscriptEntry,
} from './gateway/index';
export { PortInUseError, portInUseMessage } from './PortInUseError';
export { type RunningSandbox, type SandboxOptions, startSandbox } from './startSandbox';
