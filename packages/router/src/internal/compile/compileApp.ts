import type { z } from 'zod';
import type { AppOptions } from '../../AppOptions';
import { DEFAULT_MESSAGES } from '../../defaultMessages';
import type { FlowMounts } from '../../Flow';
import { FlowDefinitionError } from '../../FlowDefinitionError';
import { FRENCH_MESSAGES } from '../../frenchMessages';
import type { AnyScreen } from '../../Screen';
import { screenFactories } from '../../ScreenFactories';
import type { SessionStore } from '../../SessionStore';
import { flowFactories } from '../../screens/callFlow';
import { memoryStore } from '../../stores/memoryStore';
import { buildLocales, type Locales } from '../engine/locales';
import type { LooseScreen } from '../engine/looseScreen';
import type { EngineSettings } from '../engine/resolved';
import { timeBudget } from '../session/timeBudget';
import { compileFlow } from './compileFlow';
import { mountFlows } from './mountFlows';
import { messageProblems } from './staticTexts';

/** An app's options with their types erased, as the compiler reads them. */
export type LooseAppOptions = AppOptions<
  z.ZodType,
  Record<string, AnyScreen>,
  unknown,
  Record<string, unknown>,
  readonly [string, ...string[]],
  FlowMounts
>;

/** An app checked and compiled: what its runner and its inspection need. */
export interface CompiledApp {
  /** The screens as declared (typed by the caller). */
  readonly screens: Record<string, AnyScreen>;
  /** Every screen the engine runs, the mounted flows' included, state types erased. */
  readonly loose: Record<string, LooseScreen>;
  readonly mounts: ReturnType<typeof mountFlows>['mounts'];
  readonly locales: Locales;
  readonly graph: ReturnType<typeof compileFlow>['graph'];
  readonly version: string;
  readonly store: SessionStore;
  readonly deadlineMs: number;
  /** What is left of the gateway's budget for the `deadlineScreen`, past `deadlineMs`. */
  readonly fallbackMs: number;
}

/**
 * Declares the screens and checks the whole app once: the flow (targets, keys, texts over the
 * limit in any language), the mounted flows, the messages, the state's initial value and the
 * time budget. Throws a {@link FlowDefinitionError} listing every problem.
 */
export function compileApp(options: LooseAppOptions): CompiledApp {
  const screens = options.screens({ ...screenFactories(), ...flowFactories() });
  // The engine works on screens with the state type erased; it only ever hands them values parsed
  // by `options.state` (or by a flow's `state`), which is what their handlers were typed with.
  const mounted = mountFlows(screens as Record<string, LooseScreen>, options.flows ?? {});
  const built = buildLocales({
    languages: options.languages ?? ['en'],
    navigation: options.navigation,
    limits: options.screenLimits ?? {},
    messages: options.messages,
    builtIn: { en: DEFAULT_MESSAGES, fr: FRENCH_MESSAGES },
  });
  const { locales } = built;
  const redirect = (options.entry?.redirect ?? {}) as Record<string, { screen: string }>;
  const compiled = compileFlow(
    mounted.screens,
    options.start,
    {
      dial: options.entry?.dial ?? {},
      push: options.entry?.push?.screen,
      redirect: Object.fromEntries(
        Object.entries(redirect).map(([id, entry]) => [id, entry.screen]),
      ),
      redirectUnavailable: options.entry?.redirectUnavailable,
      deadline: options.deadlineScreen,
    },
    locales.list.map((locale) => locale.settings) as [EngineSettings, ...EngineSettings[]],
  );
  const problems = [...compiled.problems, ...mounted.problems, ...built.problems];
  const messageTexts = messageProblems(locales.list);
  problems.push(...messageTexts.problems);
  if (options.initialState === undefined && !options.state.safeParse({}).success) {
    problems.push('the state schema does not accept `{}`: give `initialState`');
  }
  const store = options.store ?? memoryStore();
  const deadlineMs = options.deadlineMs ?? 3500;
  const budget = timeBudget({
    gatewayBudgetMs: options.gatewayBudgetMs ?? 5000,
    deadlineMs,
    lockWaitMs: store.lockWaitMs ?? 0,
    deadlineScreen: options.deadlineScreen !== undefined,
  });
  if ('problem' in budget) problems.push(budget.problem);
  if (problems.length > 0) {
    throw new FlowDefinitionError(problems, [...compiled.tooLong, ...messageTexts.tooLong]);
  }
  return {
    screens,
    loose: mounted.screens,
    mounts: mounted.mounts,
    locales,
    graph: compiled.graph,
    version: compiled.version,
    store,
    deadlineMs,
    fallbackMs: 'fallbackMs' in budget ? budget.fallbackMs : 0,
  };
}
