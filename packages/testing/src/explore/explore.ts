import { measureScreen, merchantPaymentFailureCauses } from '@ussdkit/protocol';
import type { ErrorInfo, RouterEvent } from '@ussdkit/router';
import { createHarness } from '../createHarness';
import { HarnessError } from '../HarnessError';
import type { HarnessSession } from '../HarnessSession';
import type { ExplorableApp, ExploreOptions } from './ExploreOptions';
import type { ExploreProblem, ExploreProblemKind, ExploreResult } from './ExploreResult';
import type { ExploreStart, ExploreStep } from './ExploreStep';
import { applyStep, describeStart, describeStep, startSession } from './internal/drive';
import { inputSamples } from './internal/inputSamples';
import { END, stuckNodes } from './internal/stuckNodes';

/** A path of the walk: a start, a language and the steps after it, with the nodes it passed. */
interface Path {
  readonly start: ExploreStart;
  readonly language: string;
  readonly steps: readonly ExploreStep[];
  readonly nodes: readonly string[];
}

/** What the app did during a path's last step. */
interface Observed {
  readonly events: RouterEvent[];
  readonly errors: { error: unknown; info: ErrorInfo }[];
}

/** A node of the walk: a screen's page, per language and start (a redirect may change the flow). */
const nodeKey = (path: Path, screen: string, page: number) =>
  `${path.language}\u0000${describeStart(path.start)}\u0000${screen}\u0000${page}`;
const screenOfNode = (node: string) => node.split('\u0000')[2] ?? node;

/**
 * Walks every reachable branch of an app in-process, through the harness, and reports its
 * faults, each with the inputs that reproduce it from the start. It picks every chooser item
 * (pages, back and home included), types on each input values drawn from its zod schema (its
 * bounds and just outside them, its `examples`, empty, very long, non-ASCII), ends every process
 * with each outcome (Success, every Failure cause, Unknown) and returns from every redirect, in
 * every language of the app. Screens are expanded at most `maxVisits` times and never twice on one
 * path (cycles), to `maxDepth` inputs. Services the app calls are stubbed as in its tests (msw, or
 * `setup`).
 *
 * @example
 * ```ts
 * const { problems, coverage } = await explore(app, { harness: { authToken: 'token' } });
 * expect(problems).toEqual([]);
 * ```
 */
export async function explore(
  app: ExplorableApp,
  options: ExploreOptions = {},
): Promise<ExploreResult> {
  const undo = await options.setup?.();
  try {
    return await walk(app, options);
  } finally {
    if (typeof undo === 'function') await undo();
  }
}

async function walk(app: ExplorableApp, options: ExploreOptions): Promise<ExploreResult> {
  const maxDepth = options.maxDepth ?? 12;
  const maxVisits = options.maxVisits ?? 2;
  const maxSessions = options.maxSessions ?? 5000;
  const deadlineMs = options.deadlineMs ?? 3500;
  const languages = options.languages ?? app.languages;
  const several = app.languages.length > 1;
  const phone = createHarness(app, options.harness);
  const screens = app.screens as Record<string, { kind?: string; validate?: unknown }>;

  const problems = new Map<string, ExploreProblem>();
  const edges = new Map<string, Set<string>>();
  const pending = new Map<string, number>();
  const expansions = new Map<string, number>();
  const shown = new Map<string, number>();
  const firstReach = new Map<string, Path>();
  let observed: (Observed & { sessionId: string }) | undefined;
  let language: string | undefined;
  const stop = app.observe({
    language: () => language,
    event: (event) => {
      if (observed?.sessionId === event.sessionId) observed.events.push(event);
    },
    error: (error, info) => {
      const current = observed;
      if (current !== undefined && current.sessionId === info.sessionId) {
        current.errors.push({ error, info });
      }
    },
  });

  const report = (kind: ExploreProblemKind, screen: string, path: Path, message: string) => {
    const key = `${kind}|${screen}|${kind === 'too-long' ? path.language : ''}`;
    if (problems.has(key)) return;
    problems.set(key, {
      kind,
      screen,
      start: describeStart(path.start),
      inputs: path.steps.map(describeStep),
      steps: path.steps,
      message,
      ...(several ? { language: path.language } : {}),
    });
  };

  const starts: ExploreStart[] = [
    { dial: options.shortcode ?? '*384*1#' },
    ...app.graph.entries
      .filter((entry) => entry.via === 'Dial')
      .map((entry) => ({ dial: withSegment(options.shortcode ?? '*384*1#', entry.key) })),
    ...(options.starts ?? []),
  ];
  const queue: Path[] = languages.flatMap((lang) =>
    starts.map((start) => ({ start, language: lang, steps: [], nodes: [] })),
  );
  let sessions = 0;
  try {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      if (sessions >= maxSessions) {
        queue.unshift(path);
        break;
      }
      sessions += 1;
      const from = path.nodes.at(-1);
      if (from !== undefined) pending.set(from, (pending.get(from) ?? 1) - 1);
      const sessionId = crypto.randomUUID();
      let session: HarnessSession | undefined;
      let failed: string | undefined;
      let diverged = false;
      language = path.language;
      try {
        const last = path.steps.length - 1;
        if (last < 0) observed = { sessionId, events: [], errors: [] };
        session = await startSession(phone, path.start, sessionId);
        for (const [index, step] of path.steps.entries()) {
          if (index === last) observed = { sessionId, events: [], errors: [] };
          await applyStep(session, step);
        }
      } catch (error) {
        if (!(error instanceof HarnessError)) throw error;
        const line = error.message.split('\n')[0] ?? error.message;
        // The gateway would refuse the app's answer; any other refusal means the replay took
        // another turn than the first run (an app that is not deterministic): no fault to report.
        if (line.startsWith('the app answered') || line.startsWith("the app's answer"))
          failed = line;
        else diverged = true;
      }
      const seen = observed ?? { events: [], errors: [] };
      observed = undefined;

      // Where the last step led.
      let node = from;
      for (const event of seen.events) {
        if (event.type === 'screen.shown' || event.type === 'page') {
          node = nodeKey(path, event.screen, event.page);
          if (event.type === 'screen.shown')
            shown.set(event.screen, (shown.get(event.screen) ?? 0) + 1);
        }
      }
      const here = node === undefined ? '(start)' : screenOfNode(node);
      const before = from === undefined ? here : screenOfNode(from);

      for (const { error, info } of seen.errors) {
        const kind = isInvalidAnswer(error)
          ? 'invalid-answer'
          : error instanceof Error && error.name === 'ScreenTooLongError'
            ? 'too-long'
            : 'throws';
        report(kind, info.screen ?? here, path, describeError(error));
      }
      for (const event of seen.events) {
        if (event.type === 'screen.overflow') {
          report(
            'too-long',
            event.screen,
            path,
            `${event.length} of ${event.limit} (${event.encoding}): the router cut it`,
          );
        }
        if (
          event.type === 'event.handled' &&
          (event.outcome === 'deadline' || event.ms > deadlineMs)
        ) {
          const ms = Math.round(event.ms);
          const message =
            event.outcome === 'deadline'
              ? `the app's deadlineMs passed on the ${event.event} event (${ms} ms): the customer got the deadline answer`
              : `the ${event.event} event took ${ms} ms, over ${deadlineMs} ms`;
          report('deadline', before, path, message);
        }
      }
      if (failed !== undefined) report('invalid-answer', here, path, failed);
      if (session !== undefined && failed === undefined) {
        const measure = measureScreen(session.screen, options.screenLimits);
        if (!measure.fits)
          report(
            'too-long',
            here,
            path,
            `${measure.length} of ${measure.limit} (${measure.encoding})`,
          );
      }

      const ended = failed !== undefined || diverged || session === undefined || !session.open;
      const source = from ?? nodeKey(path, '', -1);
      const targets = edges.get(source) ?? new Set<string>();
      edges.set(source, targets);
      if (ended || node === undefined) {
        targets.add(END);
        continue;
      }
      targets.add(node);
      if (!firstReach.has(node)) firstReach.set(node, path);
      if (session === undefined) continue;
      const count = expansions.get(node) ?? 0;
      if (path.nodes.includes(node) || count >= maxVisits || path.steps.length >= maxDepth)
        continue;
      expansions.set(node, count + 1);
      const name = screenOfNode(node);
      const next = nextSteps(session, name, screens[name], options);
      pending.set(node, (pending.get(node) ?? 0) + next.length);
      if (!edges.has(node)) edges.set(node, new Set());
      for (const step of next) {
        queue.push({ ...path, steps: [...path.steps, step], nodes: [...path.nodes, node] });
      }
    }
  } finally {
    stop();
  }

  const complete = (n: string) => (pending.get(n) ?? 0) <= 0 && expansions.has(n);
  for (const node of stuckNodes(edges, complete)) {
    const path = firstReach.get(node);
    if (path === undefined) continue;
    const message = 'no path from this screen ends the session (the customer can only hang up)';
    report('stuck', screenOfNode(node), path, message);
  }
  const result = [...problems.values()];
  const declared = app.graph.nodes;
  return {
    problems: result,
    coverage: {
      screens: declared.map((n) => ({ name: n.name, kind: n.kind, shown: shown.get(n.name) ?? 0 })),
      unreached: declared.filter((n) => !shown.has(n.name)).map((n) => n.name),
      sessions,
      truncated: queue.length > 0,
    },
  };
}

/** The short code with one more segment: `*384*1#` and `5` give `*384*1*5#`. */
function withSegment(shortcode: string, segment: string): string {
  return shortcode.endsWith('#')
    ? `${shortcode.slice(0, -1)}*${segment}#`
    : `${shortcode}*${segment}`;
}

/** The router checks its own answers with the wire schema; a failure is a `ProtocolError`. */
function isInvalidAnswer(error: unknown): boolean {
  return (
    error instanceof Error && error.name === 'ProtocolError' && /app answer/.test(error.message)
  );
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Everything the customer (or the gateway) can send on the session's current screen. */
function nextSteps(
  session: HarnessSession,
  name: string,
  screen: { kind?: string; validate?: unknown } | undefined,
  options: ExploreOptions,
): ExploreStep[] {
  const { waiting } = session;
  const text = (value: string): ExploreStep => ({ type: 'text', value });
  switch (waiting.kind) {
    case 'chooser':
      return waiting.view.items.map((item) => text(item.accessKey));
    case 'input': {
      const extra = options.inputs?.[name] ?? [];
      return inputSamples(screen?.validate, extra).map(text);
    }
    case 'process':
      if (waiting.process.type === 'EmbeddedProcess') {
        return (options.embeddedResults ?? [{}]).map((resultParams) => ({
          type: 'embedded',
          resultParams,
        }));
      }
      return [
        { type: 'payment', status: 'Success' },
        { type: 'payment', status: 'Unknown' },
        ...merchantPaymentFailureCauses.map(
          (cause): ExploreStep => ({ type: 'payment', status: 'Failure', cause }),
        ),
      ];
    case 'redirect':
      return (options.redirectResults ?? [{}]).map((resultParams) => ({
        type: 'return',
        resultParams,
      }));
    case 'none':
      return [];
  }
}
