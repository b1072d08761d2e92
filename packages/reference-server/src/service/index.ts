/**
 * @module @ussdkit/reference-server/service
 *
 * The service's rules as one portable fetch app (`createServiceApp`): authentication, the
 * developer schema and demo developer, acquires, merchant payments and their one operationId
 * namespace, pushes, the history and callback delivery, answering like the sandbox because the
 * sandbox serves this very app. Web APIs only (no Node built-in is reached from this entry), so
 * `@ussdkit/testing/msw` routes msw's requests to it in Node and in a browser alike
 * (docs/decisions/0036-one-service-app.md).
 */
export type { App, AppConfig } from '../config/appConfig';
export type { Developer, DeveloperConfig } from '../config/developerConfig';
export type { SandboxConfigInput } from '../config/SandboxConfig';
export type { CallbackAttempt } from '../core/CallbackLog';
export { SandboxClock, type SandboxClockOptions } from '../core/SandboxClock';
export { DEMO, demoApp, demoConfig, demoDeveloper } from '../demoConfig';
export * from './createServiceApp';
export type * from './ServiceCore';
export type * from './ServiceSessions';
export { sessionsWithoutGateway } from './sessionsWithoutGateway';
