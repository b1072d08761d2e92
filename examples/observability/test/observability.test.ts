import { type DataPoint, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { hashMsisdn, openTelemetry } from '@ussdkit/router/otel';
import { createHarness } from '@ussdkit/testing';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createTopUpApp } from '../src/app';
import { slowStoreReads } from '../src/slowEvents';

/** Reads the metrics when the test asks, with no export timer. */
class TestReader extends MetricReader {
  protected override async onShutdown(): Promise<void> {}
  protected override async onForceFlush(): Promise<void> {}
}

const MSISDN = '+2348031234567';
const PIN = '2580';
const KEY = 'example-key';

describe('the top-up app, observed', () => {
  it('exports a trace per event, the funnel and log lines; never the number or the PIN', async () => {
    const spans = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(spans)],
    }).getTracer('example');
    const reader = new TestReader();
    const meter = new MeterProvider({ readers: [reader] }).getMeter('example');
    const lines: string[] = [];
    const logger = pino({ base: null, timestamp: false }, { write: (line) => lines.push(line) });
    const app = createTopUpApp({
      instrumentations: [openTelemetry({ tracer, meter, msisdnKey: KEY })],
      logger,
      balance: async () => 1250,
    });
    const phone = createHarness(app, { msisdn: MSISDN });

    const bought = await phone.dial('*384*7#');
    await bought.pick('Buy airtime');
    await bought.type('20'); // under 50: the amount is asked again
    await bought.type('500');
    await bought.type(PIN);
    expect(bought.screen).toBe('500 NGN airtime is on its way.');
    const checked = await phone.dial('*384*7#');
    await checked.pick('My balance');
    expect(checked.screen).toBe('Your balance is 1250 NGN.');
    const left = await phone.dial('*384*7#');
    await left.pick('Buy airtime');
    await left.cancel();

    // new + 4 continues + close; new + continue + close; new + continue + close
    await vi.waitFor(() => {
      const roots = spans.getFinishedSpans().filter((span) => !span.parentSpanContext);
      expect(roots).toHaveLength(12);
    });
    const roots = spans.getFinishedSpans().filter((span) => !span.parentSpanContext);
    const hash = await hashMsisdn(MSISDN, KEY);
    expect(new Set(roots.map((span) => span.attributes['ussd.msisdn.hash']))).toEqual(
      new Set([hash]),
    );

    const { resourceMetrics } = await reader.collect();
    const metrics = Object.fromEntries(
      resourceMetrics.scopeMetrics
        .flatMap((scope) => scope.metrics)
        .map((metric) => [metric.descriptor.name, metric.dataPoints as DataPoint<number>[]]),
    );
    const value = (name: string, attributes: Record<string, string>) =>
      metrics[name]?.find((point) =>
        Object.entries(attributes).every(([key, v]) => point.attributes[key] === v),
      )?.value ?? 0;
    expect(value('ussd.screen.entered', { 'ussd.screen': 'menu' })).toBe(3);
    expect(value('ussd.screen.entered', { 'ussd.screen': 'amount' })).toBe(2);
    expect(value('ussd.screen.exits', { 'ussd.screen': 'menu', 'ussd.exit': 'amount' })).toBe(2);
    expect(value('ussd.screen.exits', { 'ussd.screen': 'done', 'ussd.exit': 'End' })).toBe(1);
    expect(
      value('ussd.screen.dropped', { 'ussd.screen': 'amount', 'ussd.reason': 'Abandon' }),
    ).toBe(1);

    const exported = JSON.stringify(
      {
        spans: spans.getFinishedSpans().map((span) => ({
          attributes: { ...span.attributes, 'ussd.msisdn.hash': undefined },
          events: span.events,
        })),
        metrics,
        lines,
      },
      (_key, value: unknown) => (typeof value === 'number' ? 0 : value),
    );
    // Timestamps and durations (numbers) may hold the PIN's digits by chance: written as 0 above,
    // while every text, log lines included, is searched.
    expect(exported).not.toContain('1234567');
    expect(exported).not.toContain(PIN);
    expect(lines.some((line) => line.includes('"outcome":"answered"'))).toBe(true);
  });

  it('takes an instrumentation of your own: slow store reads', async () => {
    const reads: number[] = [];
    const app = createTopUpApp({
      // Every read is over a threshold of -1 ms.
      instrumentations: [slowStoreReads(-1, (ms) => reads.push(ms))],
      logger: { error: () => {} },
      balance: async () => 0,
    });
    const session = await createHarness(app).dial('*384*7#');
    await session.pick('My balance');
    // new, continue, and the close after the balance: one store read each.
    expect(reads).toHaveLength(3);
  });
});
