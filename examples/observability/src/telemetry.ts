// examples/observability/src/telemetry.ts: the OpenTelemetry Node SDK, exporting OTLP to a collector
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * Starts the SDK: traces and metrics over OTLP/HTTP to the collector at
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (default `http://localhost:4318`), metrics every 10 s. The
 * service is named by `OTEL_SERVICE_NAME`. Call it before `createApp`.
 */
export function startTelemetry(): NodeSDK {
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'topup-ussd',
    traceExporter: new OTLPTraceExporter(),
    metricReaders: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter(),
        exportIntervalMillis: 10_000,
      }),
    ],
  });
  sdk.start();
  return sdk;
}
