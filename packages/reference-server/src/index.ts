/**
 * @module @ussdkit/reference-server
 *
 * A runnable implementation of the USSD and acquire service: the service endpoints, the sandbox
 * API, the USSD gateway and billing, with an injectable clock. Start it with {@link startSandbox}
 * or the `ussdkit-sandbox` command; `createSandbox` gives the same service without a socket.
 */
export { type AllowedHostsConfig, allowedHostsConfigSchema } from './config/allowedHostsConfig';
export type { App, AppConfig } from './config/appConfig';
export { appConfigSchema } from './config/appConfig';
export type { CatalogueConfig, CatalogueProduct } from './config/catalogueConfig';
export { amountLookupSchema, catalogueConfigSchema } from './config/catalogueConfig';
export type { Developer, DeveloperConfig } from './config/developerConfig';
export { developerConfigSchema, knownPermissions } from './config/developerConfig';
export {
  type HistoryRetentionConfig,
  type HistoryRetentionSettings,
  historyRetentionConfigSchema,
} from './config/historyRetentionConfig';
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
export type { CallbackAttempt } from './core/CallbackLog';
export type { Clock, TimerHandle } from './core/Clock';
export { SandboxClock, type SandboxClockOptions } from './core/SandboxClock';
export { ServiceError } from './core/ServiceError';
export {
  BODY_LIMIT_BYTES,
  type CreateSandboxOptions,
  createSandbox,
  type Sandbox,
} from './createSandbox';
export { DEMO, demoConfig } from './demoConfig';
export {
  type FaultKind,
  faultKinds,
  type GatewayFaults,
  gatewayFaultsSchema,
} from './gateway/faults/gatewayFaultsSchema';
export type {
  DialRequest,
  Gateway,
  InjectedFault,
  ScreenAnswer,
  SessionAbortNotice,
  SessionReport,
  TranscriptEntry,
} from './gateway/index';
export { PortInUseError, portInUseMessage } from './PortInUseError';
export {
  DEFAULT_HISTORY_ENTRIES,
  DEFAULT_HISTORY_SECONDS,
  FIRST_RETRY_MS,
  MAX_RETRY_MS,
  parseTrigger,
  RETRY_WINDOW_MS,
  rawErrorCodes,
  retryDelayMs,
  type SandboxHistoryEntry as HistoryEntry,
  SETTLE_AFTER_MS,
  type Trigger,
  triggerErrorCodes,
} from './rules/index';
export { type RunningSandbox, type SandboxOptions, startSandbox } from './startSandbox';
