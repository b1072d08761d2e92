/**
 * Sends generated hostile bodies to a running HTTP server and checks every answer: never a 5xx,
 * every 4xx a JSON `{code, message}`, no hang; a health request after each batch.
 */
import fc from 'fast-check';
import type { HostileBody } from './hostileBody';

/** Where one generated body goes. */
export interface FuzzRequest {
  readonly method: string;
  readonly url: string;
  readonly headers?: Record<string, string>;
}

/** What the fuzzer saw. */
export interface FuzzReport {
  readonly sent: number;
  /** Answers by status class, e.g. `{ '4xx': 9000, '2xx': 1000 }`. */
  readonly byClass: Record<string, number>;
  /** Connections the server closed while a body over its limit was still being sent. */
  readonly cutOff: number;
  /** Each a description of a broken answer (5xx, non-JSON error, hang, …). */
  readonly problems: string[];
}

export interface FuzzOptions {
  /** Bodies to send in all. */
  readonly runs: number;
  /** Picks where each body goes. */
  readonly target: fc.Arbitrary<FuzzRequest & { readonly body: HostileBody }>;
  /** True when the server still serves; called after every batch. */
  readonly healthy: () => Promise<boolean>;
  /** A body over this size may be cut off by the server (413 then close). @defaultValue 65536 */
  readonly bodyLimit?: number;
  readonly seed?: number;
  readonly concurrency?: number;
  readonly batch?: number;
}

function describeBody(body: HostileBody): string {
  const text = new TextDecoder().decode(body.body.subarray(0, 120));
  return `${body.kind} (${body.contentType ?? 'no content type'}, ${body.body.length} bytes): ${text}`;
}

async function sendOne(
  request: FuzzRequest & { body: HostileBody },
  limit: number,
  report: FuzzReport & { byClass: Record<string, number> },
): Promise<void> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.body.contentType !== undefined) headers['content-type'] = request.body.contentType;
  const withBody = request.method !== 'GET' && request.method !== 'HEAD';
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      ...(withBody ? { body: request.body.body } : {}),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    if (withBody && request.body.body.length > limit && !(error instanceof DOMException)) {
      (report as { cutOff: number }).cutOff += 1;
      return;
    }
    report.problems.push(
      `${request.method} ${request.url}: ${String(error)} (${String((error as { cause?: unknown }).cause)}) for ${describeBody(request.body)}`,
    );
    return;
  }
  const text = await response.text();
  const statusClass = `${Math.floor(response.status / 100)}xx`;
  report.byClass[statusClass] = (report.byClass[statusClass] ?? 0) + 1;
  const where = `${request.method} ${new URL(request.url).pathname} -> ${response.status} ${text.slice(0, 160)}`;
  if (response.status >= 500) {
    report.problems.push(`${where} for ${describeBody(request.body)}`);
    return;
  }
  if (response.status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      report.problems.push(`${where}: not JSON, for ${describeBody(request.body)}`);
      return;
    }
    const error = parsed as { code?: unknown; message?: unknown } | null;
    const type = response.headers.get('content-type') ?? '';
    if (
      typeof error?.code !== 'string' ||
      typeof error.message !== 'string' ||
      !type.includes('application/json')
    ) {
      report.problems.push(
        `${where}: not {code, message} JSON (${type}), for ${describeBody(request.body)}`,
      );
    }
  }
}

/** Runs the fuzzer; the test asserts on the report. */
export async function fuzzHttp(options: FuzzOptions): Promise<FuzzReport> {
  const report = {
    sent: 0,
    byClass: {} as Record<string, number>,
    cutOff: 0,
    problems: [] as string[],
  };
  const limit = options.bodyLimit ?? 65_536;
  const concurrency = options.concurrency ?? 32;
  const batch = options.batch ?? 500;
  const requests = fc.sample(options.target, { numRuns: options.runs, seed: options.seed ?? 7 });
  for (let start = 0; start < requests.length; start += batch) {
    const chunk = requests.slice(start, start + batch);
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < chunk.length) {
          const request = chunk[next++];
          if (request !== undefined) await sendOne(request, limit, report);
        }
      }),
    );
    report.sent += chunk.length;
    if (!(await options.healthy())) {
      report.problems.push(`unhealthy after ${report.sent} bodies`);
      break;
    }
    if (report.problems.length > 20) break;
  }
  return report;
}
