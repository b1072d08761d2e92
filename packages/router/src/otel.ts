/**
 * @module @ussdkit/router/otel
 *
 * OpenTelemetry traces and metrics for a router app: `openTelemetry()`, an instrumentation for
 * `createApp({ instrumentations })`. Needs the optional peer dependency `@opentelemetry/api`;
 * the main entry never imports it.
 */
export * from './otel/hashMsisdn';
export * from './otel/openTelemetry';
