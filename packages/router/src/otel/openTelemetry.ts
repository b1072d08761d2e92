import {
  type Attributes,
  context,
  type Meter,
  metrics,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { Instrumentation } from '../Instrumentation';
import { msisdnHasher } from '../internal/observe/msisdnHasher';
import { type OtelInstruments, otelInstruments } from '../internal/observe/otelInstruments';
import { ScreenFunnel } from '../internal/observe/screenFunnel';
import type { RouterEvent } from '../RouterEvent';

/**
 * Options of {@link openTelemetry}.
 *
 * @example
 * ```ts
 * openTelemetry({ msisdnKey: process.env.MSISDN_HASH_KEY })
 * ```
 */
export interface OpenTelemetryOptions {
  /** @defaultValue the global tracer provider's `@ussdkit/router` tracer */
  readonly tracer?: Tracer | undefined;
  /**
   * @defaultValue the global meter provider's `@ussdkit/router` meter, taken at the first event
   *   (so the SDK may start after `createApp`)
   */
  readonly meter?: Meter | undefined;
  /**
   * The key of the HMAC-SHA-256 that makes `ussd.msisdn.hash` (see {@link hashMsisdn}). Keep it
   * secret, and the same on every instance so that a customer's sessions share one hash.
   * @defaultValue none: a plain SHA-256, which anyone can reverse by hashing every number
   */
  readonly msisdnKey?: string | undefined;
}

/** Router event fields never put in telemetry: what the customer typed, and what echoes it. */
const OMITTED = new Set(['type', 'sessionId', 'value', 'message']);

/**
 * OpenTelemetry for a router app: a span per event (`ussd new`, `ussd continue`, `ussd close`,
 * `ussd abort`) with a child span per step (`ussd lock`, `ussd store.load`, `ussd handlers`,
 * `ussd store.save`, `ussd store.delete`) and a span event per router event, and the metrics
 * `ussd.events`, `ussd.event.duration`, `ussd.phase.duration`, `ussd.errors`,
 * `ussd.deadline.hits` and the funnel per screen (`ussd.screen.entered`, `ussd.screen.exits`,
 * `ussd.screen.dropped`). Spans carry the session id and `ussd.msisdn.hash`, never the number,
 * nor anything the customer typed. The handlers run within the event's span, so their own
 * instrumented calls (HTTP, databases) are its children. Needs `@opentelemetry/api`.
 *
 * @example
 * ```ts
 * import { openTelemetry } from '@ussdkit/router/otel';
 * createApp({ ...options, instrumentations: [openTelemetry({ msisdnKey: process.env.MSISDN_HASH_KEY })] });
 * ```
 */
export function openTelemetry(options: OpenTelemetryOptions = {}): Instrumentation {
  const tracer = options.tracer ?? trace.getTracer('@ussdkit/router');
  const hash = msisdnHasher(options.msisdnKey);
  let instruments: OtelInstruments | undefined;
  return {
    startEvent: ({ event, sessionId, start }) => {
      instruments ??= otelInstruments(options.meter ?? metrics.getMeter('@ussdkit/router'));
      const { events, duration, phases, errors, deadlineHits } = instruments;
      const span = tracer.startSpan(`ussd ${event}`, {
        kind: SpanKind.SERVER,
        startTime: epoch(start),
        attributes: { 'ussd.event': event, 'ussd.session.id': sessionId },
      });
      const parent = trace.setSpan(context.active(), span);
      const funnel = new ScreenFunnel(instruments);
      let hashed: Promise<void> | undefined;
      return {
        session: ({ msisdn, screen }) => {
          funnel.from(screen);
          if (screen !== undefined) span.setAttribute('ussd.screen.from', screen);
          if (msisdn === '') return;
          hashed = hash(msisdn).then(
            (value) => void span.setAttribute('ussd.msisdn.hash', value),
            () => undefined,
          );
        },
        phase: (phase, from, to) => {
          phases.record(to - from, { 'ussd.event': event, 'ussd.phase': phase });
          tracer.startSpan(`ussd ${phase}`, { startTime: epoch(from) }, parent).end(epoch(to));
        },
        event: (routerEvent) => {
          funnel.see(routerEvent);
          // The span itself is the event's `event.handled`.
          if (routerEvent.type !== 'event.handled') {
            span.addEvent(routerEvent.type, eventAttributes(routerEvent));
          }
        },
        error: (error) => {
          const type = error instanceof Error ? error.name : typeof error;
          errors.add(1, {
            'ussd.event': event,
            'ussd.screen': funnel.screen ?? '',
            'error.type': type,
          });
          span.recordException(error instanceof Error ? error : String(error));
        },
        run: (work) => context.with(parent, work),
        end: (outcome, at) => {
          const screen = funnel.screen;
          span.setAttribute('ussd.outcome', outcome);
          if (screen !== undefined) span.setAttribute('ussd.screen', screen);
          if (outcome === 'error') {
            span.setStatus({ code: SpanStatusCode.ERROR });
            funnel.failed();
          }
          if (outcome === 'deadline')
            deadlineHits.add(1, { 'ussd.event': event, 'ussd.screen': screen ?? '' });
          const attributes = { 'ussd.event': event, 'ussd.outcome': outcome };
          events.add(1, attributes);
          duration.record(at - start, attributes);
          // The hash is async (Web Crypto): the span ends at its own time once it is set.
          if (hashed === undefined) span.end(epoch(at));
          else void hashed.then(() => span.end(epoch(at)));
        },
      };
    },
  };
}

/** A time on `performance.now()`'s clock as the epoch milliseconds OpenTelemetry takes. */
function epoch(time: number): number {
  return performance.timeOrigin + time;
}

function eventAttributes(event: RouterEvent): Attributes {
  const attributes: Attributes = {};
  for (const [name, value] of Object.entries(event)) {
    if (!OMITTED.has(name) && (typeof value === 'string' || typeof value === 'number')) {
      attributes[`ussd.${name}`] = value;
    }
  }
  return attributes;
}
