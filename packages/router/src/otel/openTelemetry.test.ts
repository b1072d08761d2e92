import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { type DataPoint, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { gateway } from '../../test/gateway';
import { createApp } from '../createApp';
import type { ErrorInfo } from '../ErrorInfo';
import { hashMsisdn } from './hashMsisdn';
import { openTelemetry } from './openTelemetry';

/** Collects on demand: the test reads the metrics when it wants them, no timer. */
class TestReader extends MetricReader {
  protected override async onShutdown(): Promise<void> {}
  protected override async onForceFlush(): Promise<void> {}
}

const MSISDN = '+2348030000000';
const PIN = '4321';
const KEY = 'test-hash-key';

function telemetry() {
  const spans = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(spans)],
  }).getTracer('test');
  const reader = new TestReader();
  const meter = new MeterProvider({ readers: [reader] }).getMeter('test');
  return {
    spans,
    tracer,
    instrumentation: openTelemetry({ tracer, meter, msisdnKey: KEY }),
    /** Every data point of each metric, by name. */
    async metrics(): Promise<Record<string, DataPoint<unknown>[]>> {
      const { resourceMetrics } = await reader.collect();
      const byName: Record<string, DataPoint<unknown>[]> = {};
      for (const scope of resourceMetrics.scopeMetrics) {
        for (const metric of scope.metrics) {
          byName[metric.descriptor.name] = metric.dataPoints as DataPoint<unknown>[];
        }
      }
      return byName;
    },
  };
}

/** The value of the point whose attributes include `attributes`; 0 when there is none. */
function count(points: DataPoint<unknown>[] | undefined, attributes: Record<string, string>) {
  const point = points?.find((p) =>
    Object.entries(attributes).every(([name, value]) => p.attributes[name] === value),
  );
  return (point?.value as number | undefined) ?? 0;
}

/** The spans once `n` events have ended (the msisdn's hash is set asynchronously first). */
async function eventSpans(spans: InMemorySpanExporter, n: number): Promise<ReadableSpan[]> {
  await vi.waitFor(() => {
    const roots = spans.getFinishedSpans().filter((span) => span.parentSpanContext === undefined);
    expect(roots).toHaveLength(n);
  });
  // In start order: a span ends once the msisdn's hash is set, not always in the events' order.
  const started = ({ startTime: [seconds, nanos] }: ReadableSpan) => seconds * 1e9 + nanos;
  return [...spans.getFinishedSpans()].sort((a, b) => started(a) - started(b));
}

let release: () => void = () => {};
afterEach(() => release());

const shop = (
  options: {
    instrumentations: ReturnType<typeof openTelemetry>[];
    onError?: (e: unknown, i: ErrorInfo) => void;
  },
  onAmount?: () => void,
) => {
  const slow = new Promise<void>((resolve) => {
    release = resolve;
  });
  return createApp({
    ...options,
    deadlineMs: 50,
    state: z.object({ amount: z.number().optional() }),
    start: 'menu',
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Welcome',
        items: [
          { label: 'Buy airtime', next: 'amount' },
          { label: 'Help', next: 'help' },
          { label: 'Broken', next: 'broken' },
          { label: 'Slow', next: 'slow' },
        ],
      }),
      amount: input({
        text: 'Amount?',
        validate: z.coerce.number().min(50),
        maxAttempts: 3,
        targets: ['pin'],
        next: (amount, ctx) => {
          onAmount?.();
          ctx.state.amount = amount;
          return ctx.go('pin');
        },
      }),
      pin: input({ text: 'PIN?', secret: true, next: 'done' }),
      done: info({ text: (ctx) => `Sent ${ctx.state.amount} NGN` }),
      help: info({ text: 'Call 123' }),
      broken: info({
        text: () => {
          throw new Error('backend down');
        },
      }),
      slow: info({
        text: async () => {
          await slow;
          return 'Late';
        },
      }),
    }),
  });
};

describe('openTelemetry', () => {
  it("traces each event: its steps, screen, outcome, session and the msisdn's hash, never the number or a secret input", async () => {
    const { spans, instrumentation, metrics } = telemetry();
    const phone = gateway(shop({ instrumentations: [instrumentation] }), 'session-1');
    await phone.dial();
    await phone.send('1');
    await phone.send('100');
    await phone.send(PIN);
    await phone.close('End');
    const finished = await eventSpans(spans, 5);
    const roots = finished.filter((span) => span.parentSpanContext === undefined);
    expect(roots.map((span) => span.name)).toEqual([
      'ussd new',
      'ussd continue',
      'ussd continue',
      'ussd continue',
      'ussd close',
    ]);
    const hash = await hashMsisdn(MSISDN, KEY);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(await hashMsisdn(MSISDN));
    for (const root of roots) {
      expect(root.attributes['ussd.session.id']).toBe('session-1');
      expect(root.attributes['ussd.msisdn.hash']).toBe(hash);
    }
    expect(roots.map((span) => span.attributes['ussd.outcome'])).toEqual([
      'answered',
      'answered',
      'answered',
      'answered',
      'ended',
    ]);
    expect(roots.map((span) => span.attributes['ussd.screen'])).toEqual([
      'menu',
      'amount',
      'pin',
      'done',
      'done',
    ]);
    expect(roots[2]?.attributes['ussd.screen.from']).toBe('amount');
    const third = roots[2];
    const children = finished
      .filter((span) => span.parentSpanContext?.spanId === third?.spanContext().spanId)
      .map((span) => span.name);
    expect(children).toEqual(['ussd lock', 'ussd store.load', 'ussd handlers', 'ussd store.save']);
    const closeSteps = finished
      .filter((span) => span.parentSpanContext?.spanId === roots[4]?.spanContext().spanId)
      .map((span) => span.name);
    expect(closeSteps).toEqual(['ussd lock', 'ussd store.load', 'ussd store.delete']);
    expect(roots[3]?.events.map((event) => event.name)).toEqual(['input', 'screen.shown']);
    expect(roots[3]?.events[1]?.attributes).toMatchObject({
      'ussd.screen': 'done',
      'ussd.kind': 'info',
    });

    // Everything exported, as text: no number, no PIN (the hash aside, which is hex of its own).
    // Timestamps and durations are numbers the router computes, whose digits may hold the PIN's
    // by chance: they are written as 0, and every text is searched.
    const exported = JSON.stringify(
      {
        spans: finished.map((span) => ({
          name: span.name,
          attributes: { ...span.attributes, 'ussd.msisdn.hash': undefined },
          events: span.events,
          status: span.status,
        })),
        metrics: await metrics(),
      },
      numbersAsZero,
    );
    expect(exported).toContain('ussd.session.id');
    expect(exported).not.toContain('8030000000');
    expect(exported).not.toContain(PIN);
  });

  it('counts events, errors, deadline hits and the funnel per screen', async () => {
    const { instrumentation, metrics } = telemetry();
    const errors: unknown[] = [];
    const app = shop({
      instrumentations: [instrumentation],
      onError: (error) => errors.push(error),
    });
    const bought = gateway(app, 'bought');
    await bought.dial();
    await bought.send('1');
    await bought.send('10'); // refused: amount is re-shown, not entered again
    await bought.send('100');
    await bought.send(PIN);
    await bought.close('End');
    const left = gateway(app, 'left');
    await left.dial();
    await left.send('1');
    await left.send('0'); // back to the menu
    await left.close('Abandon');
    const failed = gateway(app, 'failed');
    await failed.dial();
    await failed.send('3');
    const late = gateway(app, 'late');
    await late.dial();
    await late.send('4');
    const tired = gateway(app, 'tired');
    await tired.dial();
    await tired.send('1');
    for (const amount of ['1', '2', '3']) await tired.send(amount);
    await tired.close('End');

    const m = await metrics();
    expect(count(m['ussd.events'], { 'ussd.event': 'new', 'ussd.outcome': 'answered' })).toBe(5);
    expect(count(m['ussd.events'], { 'ussd.event': 'continue', 'ussd.outcome': 'answered' })).toBe(
      10,
    );
    expect(count(m['ussd.events'], { 'ussd.event': 'continue', 'ussd.outcome': 'error' })).toBe(1);
    expect(count(m['ussd.events'], { 'ussd.event': 'continue', 'ussd.outcome': 'deadline' })).toBe(
      1,
    );
    expect(count(m['ussd.events'], { 'ussd.event': 'close', 'ussd.outcome': 'ended' })).toBe(3);
    expect(errors).toHaveLength(1);
    expect(
      count(m['ussd.errors'], {
        'ussd.event': 'continue',
        'ussd.screen': 'menu',
        'error.type': 'Error',
      }),
    ).toBe(1);
    expect(
      count(m['ussd.deadline.hits'], { 'ussd.event': 'continue', 'ussd.screen': 'menu' }),
    ).toBe(1);
    const entered = (screen: string) => count(m['ussd.screen.entered'], { 'ussd.screen': screen });
    expect(['menu', 'amount', 'pin', 'done', 'help'].map(entered)).toEqual([6, 3, 1, 1, 0]);
    const exit = (screen: string, to: string) =>
      count(m['ussd.screen.exits'], { 'ussd.screen': screen, 'ussd.exit': to });
    expect(exit('menu', 'amount')).toBe(3);
    expect(exit('amount', 'pin')).toBe(1);
    expect(exit('amount', 'back')).toBe(1);
    expect(exit('pin', 'done')).toBe(1);
    expect(exit('done', 'End')).toBe(1);
    expect(exit('menu', 'Abandon')).toBe(1);
    const dropped = (screen: string, reason: string) =>
      count(m['ussd.screen.dropped'], { 'ussd.screen': screen, 'ussd.reason': reason });
    expect(dropped('menu', 'Abandon')).toBe(1);
    expect(dropped('menu', 'error')).toBe(1);
    expect(dropped('done', 'End')).toBe(0);
    // Too many attempts: dropped there, and left once, by the gateway's close after the message.
    expect(dropped('amount', 'TooManyAttempts')).toBe(1);
    expect(exit('amount', 'TooManyAttempts')).toBe(0);
    expect(exit('amount', 'End')).toBe(1);
    const steps = m['ussd.phase.duration']?.map((point) => point.attributes['ussd.phase']);
    expect(new Set(steps)).toEqual(
      new Set(['lock', 'store.load', 'handlers', 'store.save', 'store.delete']),
    );
  });

  it("runs the handlers within the event's span, so their own spans are its children", async () => {
    const manager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(manager);
    try {
      const { spans, tracer, instrumentation } = telemetry();
      const phone = gateway(
        shop({ instrumentations: [instrumentation] }, () => tracer.startSpan('backend call').end()),
      );
      await phone.dial();
      await phone.send('1');
      await phone.send('100');
      const finished = await eventSpans(spans, 3);
      const call = finished.find((span) => span.name === 'backend call');
      const event = finished.filter((span) => span.name === 'ussd continue')[1];
      expect(call?.parentSpanContext?.spanId).toBe(event?.spanContext().spanId);
      expect(trace.getActiveSpan()).toBeUndefined();
    } finally {
      context.disable();
    }
  });
});

/** A `JSON.stringify` replacer: every number as 0 (see the privacy test). */
function numbersAsZero(_key: string, value: unknown): unknown {
  return typeof value === 'number' ? 0 : value;
}
