import { randomUUID } from 'node:crypto';
import { DEFAULT_MESSAGES } from '@ussdkit/router';

/**
 * One request of a drill and its answer, with when each happened (`Date.now()`).
 *
 * @example
 * ```ts
 * const refused = report.exchanges.filter((exchange) => exchange.outcome === 'unavailable');
 * ```
 */
export interface DrillExchange {
  readonly sessionId: string;
  readonly event: 'new' | 'continue' | 'close';
  /** Which app instance (0, 1…) it was sent to. */
  readonly instance: number;
  readonly sentAt: number;
  readonly answeredAt: number;
  /**
   * `screen`: a screen of the flow (right or wrong; for a close, its HTTP status); `busy` and
   * `unavailable`: the router's messages; `error`: no HTTP 200, or no answer at all.
   */
  readonly outcome: 'screen' | 'busy' | 'unavailable' | 'error';
  /** The screen's text (a close: its HTTP status; an error: what went wrong). */
  readonly text: string;
}

/**
 * One customer's walk through the drill's flow: dial, three names, the last screen.
 *
 * @example
 * ```ts
 * const lost = report.walks.filter((walk) => walk.result === 'lost');
 * ```
 */
export interface DrillWalk {
  readonly sessionId: string;
  readonly startedAt: number;
  /** When it ended (`0` while unfinished). */
  endedAt: number;
  /**
   * `done`: the last screen showed the three names; `refused`: the dial was answered
   * `unavailable`; `lost`: a wrong screen, `unavailable` or `expired` during the session, or
   * `busy` for a minute.
   */
  result: 'done' | 'refused' | 'lost' | 'unfinished';
  /** The answer that lost the session, when it was lost. */
  why?: string;
}

/** What the customers did. */
export interface Traffic {
  readonly exchanges: DrillExchange[];
  readonly walks: DrillWalk[];
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Screen {
  readonly outcome: DrillExchange['outcome'];
  readonly text: string;
  readonly contextData: string;
}

/** Posts one event to an instance, as the gateway does, and reads the screen it answered. */
async function post(url: string, event: string, body: object): Promise<Screen> {
  const response = await fetch(`${url}/ussdSessionEvent/${event}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'failover', appId: 'failover', ...body }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (event === 'close')
    return { outcome: 'screen', text: String(response.status), contextData: '' };
  if (response.status !== 200) return { outcome: 'error', text, contextData: '' };
  const answer = JSON.parse(text) as {
    action: { view: { type: string; message: string } };
    contextData: string;
  };
  const { message } = answer.action.view;
  const outcome: DrillExchange['outcome'] =
    message === DEFAULT_MESSAGES.busy
      ? 'busy'
      : message === DEFAULT_MESSAGES.unavailable
        ? 'unavailable'
        : 'screen';
  return { outcome, text: message, contextData: answer.contextData };
}

/**
 * Customers walking the names flow in a loop until `running()` turns false: dial, three names,
 * the last screen checked, then the gateway's close. Each event goes to the next instance in
 * turn, so every session moves between them. A customer told `busy` sends the same answer again
 * (as a phone does), one told `unavailable` on a dial dials again.
 */
export async function driveCustomers(options: {
  readonly urls: readonly string[];
  readonly customers: number;
  readonly running: () => boolean;
  /** The pause between a screen and the customer's answer. */
  readonly thinkMs: number;
}): Promise<Traffic> {
  const { urls, thinkMs } = options;
  const traffic: Traffic = { exchanges: [], walks: [] };
  let turn = 0;
  const send = async (sessionId: string, event: DrillExchange['event'], body: object) => {
    const instance = turn++ % urls.length;
    const sentAt = Date.now();
    const screen = await post(urls[instance] as string, event, { sessionId, ...body }).catch(
      (error: unknown): Screen => ({ outcome: 'error', text: String(error), contextData: '' }),
    );
    const answeredAt = Date.now();
    traffic.exchanges.push({ sessionId, event, instance, sentAt, answeredAt, ...screen });
    return screen;
  };
  const walk = async (customer: number, count: number): Promise<void> => {
    const sessionId = `customer-${customer}-walk-${count}-${randomUUID().slice(0, 8)}`;
    const record: DrillWalk = {
      sessionId,
      startedAt: Date.now(),
      endedAt: 0,
      result: 'unfinished',
    };
    traffic.walks.push(record);
    const end = (result: DrillWalk['result'], why?: string): void => {
      record.result = result;
      record.endedAt = Date.now();
      if (why !== undefined) record.why = why;
    };
    const dial = await send(sessionId, 'new', {
      msisdn: `+23480${String(customer).padStart(8, '0')}`,
      operator: 'mtn',
      input: { type: 'Dial', shortcodeString: '*384*1#' },
    });
    if (dial.outcome === 'unavailable') return end('refused');
    if (dial.text !== 'Name 1?') return end('lost', `dial: ${dial.text}`);
    const names = ['Ada', 'Bo', 'Cy'].map((name) => `${name}${customer}x${count}`);
    let { contextData } = dial;
    for (const [step, name] of names.entries()) {
      await sleep(thinkMs);
      let screen = await send(sessionId, 'continue', {
        result: { type: 'InputResult', value: name },
        contextData,
      });
      // Busy for ever would hang the run: past a minute, the session counts as lost.
      while (screen.outcome === 'busy' && Date.now() - record.startedAt < 60_000) {
        await sleep(thinkMs);
        screen = await send(sessionId, 'continue', {
          result: { type: 'InputResult', value: name },
          contextData: screen.contextData,
        });
      }
      const expected = step < 2 ? `Name ${step + 2}?` : `Names: ${names.join(', ')}`;
      if (screen.text !== expected) return end('lost', `step ${step + 1}: ${screen.text}`);
      contextData = screen.contextData;
    }
    await send(sessionId, 'close', { reason: { type: 'End' }, contextData });
    end('done');
  };
  await Promise.all(
    Array.from({ length: options.customers }, async (_, customer) => {
      await sleep((customer * thinkMs) / options.customers);
      for (let count = 1; options.running(); count += 1) await walk(customer, count);
    }),
  );
  return traffic;
}
