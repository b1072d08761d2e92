import type { AnyFlow } from '../../Flow';
import { FlowReturn, RETURN } from '../engine/FlowReturn';
import type { LooseContext, LooseScreen } from '../engine/looseScreen';

/** One flow placed in an app: its screens are named `<path>.<screen>`. */
export interface Mount {
  /** `pay`, or `pay.otp` for a flow that `pay` calls. */
  readonly path: string;
  readonly flow: AnyFlow;
  /** The qualified name of its first screen. */
  readonly start: string;
}

/** The app's screens with every mounted flow's screens beside them, under qualified names. */
export interface Mounted {
  readonly screens: Record<string, LooseScreen>;
  readonly mounts: ReadonlyMap<string, Mount>;
  readonly problems: string[];
}

type Go = { readonly go: string };
type LooseHandler = (arg: unknown, ctx: LooseContext) => Go | Promise<Go>;

// Kept beside the screens rather than in them, so the screen types stay those users declare.
const entries = new WeakMap<object, string>();
const returns = new WeakMap<object, ReadonlySet<string>>();

/** The first screen of the flow a `callFlow` screen enters (for the graph). */
export function entryOf(screen: LooseScreen): string | undefined {
  return entries.get(screen);
}

/** Whether `target` of a flow's screen is a call screen it returns to (for the graph). */
export function returnsTo(screen: LooseScreen, target: string): boolean {
  return returns.get(screen)?.has(target) ?? false;
}

/** A handler whose returned name is qualified with the flow's prefix (`finish` passes as it is). */
function qualifiedHandler(handler: LooseHandler, qualify: (name: string) => string): LooseHandler {
  return async (arg, ctx) => {
    const chosen = await handler(arg, ctx);
    return chosen instanceof FlowReturn ? chosen : { go: qualify(chosen.go) };
  };
}

/** A copy of `screen` whose targets are qualified (`next: 'pin'` becomes `pay.pin`). */
function qualifyScreen(screen: LooseScreen, qualify: (name: string) => string): LooseScreen {
  const name = (target: unknown) => (typeof target === 'string' ? qualify(target) : target);
  const route = (target: unknown) =>
    typeof target === 'function' ? qualifiedHandler(target as LooseHandler, qualify) : name(target);
  const targets = screen.targets?.map((target) => (target === RETURN ? target : qualify(target)));
  const copy = (changes: Record<string, unknown>) =>
    ({ ...screen, targets, ...changes }) as LooseScreen;
  switch (screen.kind) {
    case 'input':
      return copy({ next: route(screen.next), onTooManyAttempts: name(screen.onTooManyAttempts) });
    case 'chooser':
      return copy({
        next: route(screen.next),
        items: Array.isArray(screen.items)
          ? screen.items.map((item) => ({ ...item, next: name(item.next) }))
          : screen.items,
      });
    case 'merchantPayment':
      return copy({
        onSuccess: route(screen.onSuccess),
        onFailure: route(screen.onFailure),
        onUnknown: route(screen.onUnknown),
      });
    case 'embeddedProcess':
    case 'callFlow':
      return copy({ next: route(screen.next) });
    case 'redirect':
      return copy({ onReturn: route(screen.onReturn) });
    default:
      return copy({});
  }
}

/**
 * Places the flows an app mounts (and the flows they mount, under `<path>.<name>`) beside the
 * app's screens, with their targets qualified, and lists what cannot work: a call to a flow
 * that is not mounted, a name used twice, a mounted flow nobody calls. A flow screen's
 * `'@return'` target becomes the call screens of its mount, so the graph shows where it returns.
 */
export function mountFlows(
  app: Readonly<Record<string, LooseScreen>>,
  flows: Readonly<Record<string, AnyFlow>>,
): Mounted {
  const screens: Record<string, LooseScreen> = {};
  const mounts = new Map<string, Mount>();
  const problems: string[] = [];
  const calls = new Map<string, string[]>();
  const finishing: [LooseScreen, string][] = [];

  function place(
    prefix: string,
    own: Readonly<Record<string, LooseScreen>>,
    available: Readonly<Record<string, AnyFlow>>,
    owner: string | undefined,
  ) {
    const qualify = (name: string) => prefix + name;
    for (const [name, screen] of Object.entries(own)) {
      const full = qualify(name);
      if (owner !== undefined && name.includes('.')) {
        problems.push(`flow "${owner}": screen "${name}" has a "." in its name; choose another`);
      }
      if (Object.hasOwn(screens, full)) {
        problems.push(`screen "${full}" is declared twice (an app screen and a flow's screen?)`);
      }
      const placed =
        prefix === '' && screen.kind !== 'callFlow' ? screen : qualifyScreen(screen, qualify);
      if (screen.kind === 'callFlow') {
        const flow = Object.hasOwn(available, screen.flow) ? available[screen.flow] : undefined;
        if (flow === undefined) {
          problems.push(
            `screen "${full}" calls flow "${screen.flow}", which is not mounted: give it in \`flows\``,
          );
        } else {
          const path = qualify(screen.flow);
          calls.set(path, [...(calls.get(path) ?? []), full]);
          entries.set(placed, `${path}.${flow.start}`);
          (placed as { flow: string }).flow = path;
        }
      }
      if (
        owner !== undefined &&
        (screen.targets as readonly string[] | undefined)?.includes(RETURN)
      )
        finishing.push([placed, owner]);
      screens[full] = placed;
    }
  }

  function checkName(name: string) {
    if (name === '' || name.includes('.')) {
      problems.push(`flow name "${name}" is empty or has a "."; choose another`);
    }
  }

  function mount(path: string, flow: AnyFlow) {
    mounts.set(path, { path, flow, start: `${path}.${flow.start}` });
    if (!Object.hasOwn(flow.screens, flow.start)) {
      problems.push(`flow "${path}" starts at "${flow.start}", which is not one of its screens`);
    }
    place(`${path}.`, flow.screens as Record<string, LooseScreen>, flow.flows, path);
    for (const [name, sub] of Object.entries(flow.flows)) {
      checkName(name);
      mount(`${path}.${name}`, sub);
    }
  }

  place('', app, flows, undefined);
  for (const [name, flow] of Object.entries(flows)) {
    checkName(name);
    mount(name, flow);
  }
  for (const path of mounts.keys()) {
    if (!calls.has(path)) {
      problems.push(
        `flow "${path}" is mounted but no screen calls it: add a \`callFlow({ flow })\` screen`,
      );
    }
  }
  for (const [screen, path] of finishing) {
    const callers = calls.get(path) ?? [];
    returns.set(screen, new Set(callers));
    (screen as { targets: readonly string[] }).targets = (screen.targets ?? []).flatMap((target) =>
      target === RETURN ? callers : [target],
    );
  }
  return { screens, mounts, problems };
}
