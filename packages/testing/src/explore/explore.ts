import { createHarness } from '../createHarness';
import type { ExplorableApp, ExploreOptions } from './ExploreOptions';
import type { ExploreProblem, ExploreProblemKind, ExploreResult } from './ExploreResult';
import type { ExploreStart } from './ExploreStep';
import { describeStart, describeStep } from './internal/drive';
import { faultsOf } from './internal/faultsOf';
import { nextSteps } from './internal/nextSteps';
import { type Branch, BranchRecorder } from './internal/runBranch';
import { END, stuckNodes } from './internal/stuckNodes';

/** A node of the walk: a screen's page, per language and start (a redirect may change the flow). */
const nodeKey = (branch: Branch, screen: string, page: number) =>
  `${branch.language}\u0000${describeStart(branch.start)}\u0000${screen}\u0000${page}`;
const screenOfNode = (node: string) => node.split('\u0000')[2] ?? node;

const STUCK = 'no path from this screen ends the session (the customer can only hang up)';

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
  const limits = { deadlineMs: options.deadlineMs ?? 3500, screenLimits: options.screenLimits };
  const several = app.languages.length > 1;
  const phone = createHarness(app, options.harness);
  const screens = app.screens as Record<string, { readonly validate?: unknown }>;

  const problems = new Map<string, ExploreProblem>();
  /** What each node led to (`END`: the session ended), and how many of its branches are to run. */
  const edges = new Map<string, Set<string>>();
  const pending = new Map<string, number>();
  const expansions = new Map<string, number>();
  const shown = new Map<string, number>();
  const firstReach = new Map<string, Branch>();
  const report = (kind: ExploreProblemKind, screen: string, branch: Branch, message: string) => {
    // Once per kind and screen, with the first (shortest) reproduction; per language for a text.
    const key = `${kind}|${screen}|${kind === 'too-long' ? branch.language : ''}`;
    if (problems.has(key)) return;
    problems.set(key, {
      kind,
      screen,
      start: describeStart(branch.start),
      inputs: branch.steps.map(describeStep),
      steps: branch.steps,
      message,
      ...(several ? { language: branch.language } : {}),
    });
  };

  const shortcode = options.shortcode ?? '*384*1#';
  const starts: ExploreStart[] = [
    { dial: shortcode },
    ...app.graph.entries
      .filter((entry) => entry.via === 'Dial')
      .map((entry) => ({ dial: withSegment(shortcode, entry.key) })),
    ...(options.starts ?? []),
  ];
  const queue: Branch[] = (options.languages ?? app.languages).flatMap((language) =>
    starts.map((start) => ({ start, language, steps: [], nodes: [] })),
  );
  const recorder = new BranchRecorder();
  const stop = app.observe(recorder.observer);
  let sessions = 0;
  try {
    for (let branch = queue.shift(); branch !== undefined; branch = queue.shift()) {
      if (sessions >= maxSessions) {
        queue.unshift(branch);
        break;
      }
      sessions += 1;
      const from = branch.nodes.at(-1);
      if (from !== undefined) pending.set(from, (pending.get(from) ?? 1) - 1);
      const run = await recorder.run(phone, branch);

      let node = from;
      for (const event of run.seen.events) {
        if (event.type !== 'screen.shown' && event.type !== 'page') continue;
        node = nodeKey(branch, event.screen, event.page);
        if (event.type === 'screen.shown') {
          shown.set(event.screen, (shown.get(event.screen) ?? 0) + 1);
        }
      }
      const here = node === undefined ? '(start)' : screenOfNode(node);
      const before = from === undefined ? here : screenOfNode(from);
      for (const fault of faultsOf(run, { here, before }, limits)) {
        report(fault.kind, fault.screen, branch, fault.message);
      }

      const source = from ?? nodeKey(branch, '', -1);
      const targets = edges.get(source) ?? new Set<string>();
      edges.set(source, targets);
      const { session } = run;
      const ended = session === undefined || !session.open || run.refused !== undefined;
      if (ended || run.diverged || node === undefined) {
        targets.add(END);
        continue;
      }
      targets.add(node);
      if (!firstReach.has(node)) firstReach.set(node, branch);
      const count = expansions.get(node) ?? 0;
      if (branch.nodes.includes(node) || count >= maxVisits || branch.steps.length >= maxDepth) {
        continue;
      }
      expansions.set(node, count + 1);
      const name = screenOfNode(node);
      const next = nextSteps(session, name, screens[name], options);
      pending.set(node, (pending.get(node) ?? 0) + next.length);
      if (!edges.has(node)) edges.set(node, new Set());
      for (const step of next) {
        queue.push({ ...branch, steps: [...branch.steps, step], nodes: [...branch.nodes, node] });
      }
    }
  } finally {
    stop();
  }

  const complete = (node: string) => (pending.get(node) ?? 0) <= 0 && expansions.has(node);
  for (const node of stuckNodes(edges, complete)) {
    const branch = firstReach.get(node);
    if (branch !== undefined) report('stuck', screenOfNode(node), branch, STUCK);
  }
  const declared = app.graph.nodes;
  // A flow's call screen shows nothing of its own: the flow's first screen answers for it.
  for (const edge of app.graph.edges) {
    if (edge.label !== 'call' || shown.has(edge.from)) continue;
    const entered = shown.get(edge.to);
    if (entered !== undefined) shown.set(edge.from, entered);
  }
  return {
    problems: [...problems.values()],
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
