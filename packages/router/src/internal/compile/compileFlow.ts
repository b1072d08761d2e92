import type { TooLongText } from '../../FlowDefinitionError';
import type { FlowEdge, FlowGraph } from '../../FlowGraph';
import { assignKeys } from '../engine/assignKeys';
import type { LooseScreen } from '../engine/looseScreen';
import type { EngineSettings } from '../engine/resolved';
import { entryOf, returnsTo } from './mountFlows';
import { stableHash } from './stableHash';
import { staticTextProblems } from './staticTexts';

/** The entry points as the compiler sees them. */
export interface EntryTargets {
  readonly dial: Readonly<Record<string, string>>;
  readonly push: string | undefined;
  readonly redirect: Readonly<Record<string, string>>;
  /** Where a redirect for a process the app does not offer goes, if anywhere. */
  readonly redirectUnavailable?: string | undefined;
  /** The screen shown past the deadline, if any. */
  readonly deadline?: string | undefined;
}

function edgesOf(name: string, screen: LooseScreen, settings: EngineSettings): FlowEdge[] {
  const edges: FlowEdge[] = [];
  const add = (to: unknown, label: string) => {
    if (typeof to === 'string') edges.push({ from: name, to, label });
  };
  const final =
    screen.kind === 'info' ||
    screen.kind === 'returnFromRedirect' ||
    screen.kind === 'legacyAppRedirect';
  for (const target of final ? [] : (screen.targets ?? [])) {
    add(target, returnsTo(screen, target) ? 'return' : 'handler');
  }
  switch (screen.kind) {
    case 'input':
      add(screen.next, 'next');
      add(screen.onTooManyAttempts, 'too many attempts');
      break;
    case 'chooser':
      if (typeof screen.items !== 'function') {
        // Labelled in the first language (a record without it is reported as a problem).
        const labelled = screen.items.map((item) => ({
          ...item,
          label:
            typeof item.label === 'string' ? item.label : (item.label[settings.language] ?? ''),
        }));
        for (const item of assignKeys(labelled, settings.navigation.reserved)) {
          add(item.next ?? screen.next, `${item.key} ${item.label}`);
        }
      } else add(screen.next, 'choice');
      break;
    case 'merchantPayment':
      add(screen.onSuccess, 'Success');
      add(screen.onFailure, 'Failure');
      add(screen.onUnknown, 'Unknown');
      break;
    case 'embeddedProcess':
      add(screen.next, 'result');
      break;
    case 'redirect':
      add(screen.onReturn, 'return');
      break;
    case 'callFlow':
      add(entryOf(screen), 'call');
      add(screen.next, 'result');
      break;
  }
  return edges;
}

function routesWithoutTargets(screen: LooseScreen): string[] {
  const routes: [string, unknown][] =
    screen.kind === 'input'
      ? [['next', screen.next]]
      : screen.kind === 'chooser'
        ? [['next', screen.next]]
        : screen.kind === 'merchantPayment'
          ? [
              ['onSuccess', screen.onSuccess],
              ['onFailure', screen.onFailure],
              ['onUnknown', screen.onUnknown],
            ]
          : screen.kind === 'embeddedProcess' || screen.kind === 'callFlow'
            ? [['next', screen.next]]
            : screen.kind === 'redirect'
              ? [['onReturn', screen.onReturn]]
              : [];
  const hasTargets = 'targets' in screen && (screen.targets?.length ?? 0) > 0;
  return hasTargets
    ? []
    : routes.filter(([, route]) => typeof route === 'function').map(([key]) => key);
}

function staticProblems(name: string, screen: LooseScreen, settings: EngineSettings): string[] {
  const problems: string[] = [];
  const { navigation } = settings;
  for (const key of routesWithoutTargets(screen)) {
    problems.push(
      `screen "${name}": \`${key}\` is a handler; list the screens it may return in \`targets\``,
    );
  }
  if (screen.kind === 'legacyAppRedirect' && screen.uri === '') {
    problems.push(`screen "${name}": \`uri\` is empty; give the legacy USSD app's URL`);
  }
  if (screen.kind === 'chooser' && typeof screen.items !== 'function') {
    if (screen.items.length === 0)
      problems.push(`screen "${name}": a chooser needs at least one item`);
    const seen = new Set<string>();
    for (const item of screen.items) {
      if (item.key === undefined) continue;
      if (seen.has(item.key)) problems.push(`screen "${name}": duplicate access key "${item.key}"`);
      if (navigation.reserved.has(item.key)) {
        problems.push(`screen "${name}": access key "${item.key}" collides with a navigation key`);
      }
      seen.add(item.key);
    }
    if (screen.next === undefined && screen.items.some((item) => item.next === undefined)) {
      problems.push(`screen "${name}": an item has no \`next\` and the chooser has no \`next\``);
    }
  }
  return problems;
}

/**
 * Checks a flow (targets, reachability, keys, static text lengths in every language) and builds
 * its graph and version hash. Returns the problems instead of throwing, so all are reported at
 * once. `locales` holds the settings of each language, the first language's first.
 */
export function compileFlow(
  screens: Readonly<Record<string, LooseScreen>>,
  start: string,
  entries: EntryTargets,
  locales: readonly [EngineSettings, ...EngineSettings[]],
): { graph: FlowGraph; problems: string[]; tooLong: TooLongText[]; version: string } {
  const [settings] = locales;
  const problems: string[] = [];
  const tooLong: TooLongText[] = [];
  const names = Object.keys(screens);
  if (screens[start] === undefined) problems.push(`start screen "${start}" is not a screen`);
  const edges: FlowEdge[] = [];
  for (const name of names) {
    const screen = screens[name] as LooseScreen;
    edges.push(...edgesOf(name, screen, settings));
    problems.push(...staticProblems(name, screen, settings));
    const texts = staticTextProblems(name, screen, locales);
    problems.push(...texts.problems);
    tooLong.push(...texts.tooLong);
  }
  const entryList: FlowGraph['entries'][number][] = [
    ...Object.entries(entries.dial).map(([key, to]) => ({ via: 'Dial' as const, key, to })),
    ...(entries.push === undefined
      ? []
      : [{ via: 'Push' as const, key: 'push', to: entries.push }]),
    ...Object.entries(entries.redirect).map(([key, to]) => ({ via: 'Redirect' as const, key, to })),
    ...(entries.redirectUnavailable === undefined
      ? []
      : [{ via: 'Redirect' as const, key: '*', to: entries.redirectUnavailable }]),
    ...(entries.deadline === undefined
      ? []
      : [{ via: 'Deadline' as const, key: 'deadline', to: entries.deadline }]),
  ];
  for (const edge of edges) {
    if (screens[edge.to] === undefined) {
      problems.push(
        `screen "${edge.from}" (${edge.label}) leads to "${edge.to}", which is not a screen`,
      );
    }
  }
  for (const entry of entryList) {
    if (screens[entry.to] === undefined) {
      problems.push(
        `${entry.via} entry "${entry.key}" leads to "${entry.to}", which is not a screen`,
      );
    }
  }
  const reached = new Set<string>();
  const queue = [start, ...entryList.map((entry) => entry.to)];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (reached.has(next) || screens[next] === undefined) continue;
    reached.add(next);
    for (const edge of edges) if (edge.from === next) queue.push(edge.to);
  }
  for (const name of names) {
    if (!reached.has(name)) {
      problems.push(
        `screen "${name}" is unreachable (if a handler goes there, list it in that screen's \`targets\`)`,
      );
    }
  }
  const graph: FlowGraph = {
    start,
    nodes: names.map((name) => ({ name, kind: (screens[name] as LooseScreen).kind })),
    edges,
    entries: entryList,
  };
  // The version follows the shape of the flow (names, kinds, keys, arrows), not its texts: fixing
  // a label does not end the sessions in flight.
  const shape = {
    start,
    nodes: graph.nodes,
    edges: edges.map((edge) => [edge.from, edge.to, edge.label.split(' ')[0]]),
    entries: entryList,
  };
  const version = stableHash(JSON.stringify(shape));
  return { graph, problems, tooLong, version };
}
