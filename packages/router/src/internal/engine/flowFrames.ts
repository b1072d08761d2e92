import type { z } from 'zod';
import type { Route } from '../../Context';
import type { CallFlowScreen } from '../../Flow';
import { FlowParamsError } from '../../FlowParamsError';
import type { Mount } from '../compile/mountFlows';
import { cloneJson } from '../session/cloneJson';
import type { Scope } from '../session/Scope';
import type { HistoryFrame, SessionData } from '../session/SessionData';
import { FlowReturn } from './FlowReturn';
import { type LooseScreen, resolveValue } from './looseScreen';

/**
 * The caller of a flow in progress, kept in the session (`SessionData.frames`, innermost last):
 * what the flow's return or a back from its first screen restores.
 */
export interface FlowFrame {
  /** The `callFlow` screen (qualified name): its `next` takes the result. */
  readonly call: string;
  /** The caller's state when it called. */
  readonly state: unknown;
  /** The caller's `entryState` when it called. */
  readonly entryState: unknown;
  /** The caller's history when it called (its last frame is the screen before the call). */
  readonly history: readonly HistoryFrame[];
}

/** The app's own state, whatever flow the session is in (for the close and abort hooks). */
export function appState(data: SessionData): unknown {
  return data.frames?.[0]?.state ?? data.state;
}

/**
 * The session out of every flow: the state, entry state and history of the outermost caller,
 * on its call screen (which is never on the history, so back leads to the screen before it).
 */
export function outOfFlows(data: SessionData): SessionData {
  const root = data.frames?.[0];
  if (root === undefined) return data;
  const { state, entryState, history, call } = root;
  return { ...data, state, entryState, history: [...history], screen: call, frames: [] };
}

/** Whether back leads somewhere: the history, or the caller's screen from a flow's first screen. */
export function canGoBack(data: SessionData): boolean {
  return data.history.length > 0 || (data.frames?.at(-1)?.history.length ?? 0) > 0;
}

/** Enters, leaves and returns from mounted flows, keeping the frames in the session data. */
export class FlowFrames {
  constructor(
    private readonly screens: Readonly<Record<string, LooseScreen>>,
    private readonly mounts: ReadonlyMap<string, Mount>,
    /** The app's own state schema. */
    private readonly appSchema: z.ZodType,
  ) {}

  private callScreen(name: string): CallFlowScreen<unknown, string> {
    const screen = this.screens[name];
    if (screen?.kind !== 'callFlow') throw new Error(`"${name}" is not a callFlow screen`);
    return screen;
  }

  private mountOf(screen: CallFlowScreen<unknown, string>): Mount {
    const mount = this.mounts.get(screen.flow);
    if (mount === undefined) throw new Error(`no flow mounted as "${screen.flow}"`);
    return mount;
  }

  /** The schema of the state the handlers see: the innermost flow's; undefined in the app. */
  schemaOf(data: SessionData): z.ZodType | undefined {
    const top = data.frames?.at(-1);
    return top && this.mountOf(this.callScreen(top.call)).flow.state;
  }

  /** Whether a handler returned `finish(result)`. */
  isReturn(chosen: unknown): chosen is FlowReturn {
    return chosen instanceof FlowReturn;
  }

  /**
   * Enters the flow of the call screen `name`: checks the params, keeps the caller in a frame,
   * and gives the handlers the flow's own state. Returns the flow's first screen.
   */
  async enter(scope: Scope, name: string): Promise<string> {
    const { data, ctx } = scope;
    const screen = this.callScreen(name);
    const mount = this.mountOf(screen);
    const raw = await resolveValue(screen.params, ctx);
    const params = await mount.flow.params.safeParseAsync(raw);
    if (!params.success) throw new FlowParamsError(mount.path, 'params', name, params.error.issues);
    const state = mount.flow.state.parse(mount.flow.initialState(params.data));
    // The caller's state is checked now, as after any handler, not when the flow returns.
    const caller = (this.schemaOf(data) ?? this.appSchema).parse(ctx.state);
    const frame = {
      call: name,
      // A copy with JSON's rules: the session keeps it, and the handlers may still hold `caller`.
      state: cloneJson(caller),
      entryState: data.entryState,
      history: data.history,
    };
    data.frames = [...(data.frames ?? []), frame];
    ctx.state = state;
    data.entryState = cloneJson(state);
    data.history = [];
    return mount.start;
  }

  /**
   * Returns from the innermost flow with `result`: checks it, restores the caller (its state,
   * history, and the call screen as the current screen), and gives back the call's `next`.
   */
  leave(scope: Scope, result: unknown): { next: Route<unknown, string, unknown>; result: unknown } {
    const { data, ctx } = scope;
    const frames = data.frames ?? [];
    const frame = frames.at(-1);
    if (frame === undefined) throw new Error(`screen "${data.screen}" finished outside a flow`);
    const screen = this.callScreen(frame.call);
    const mount = this.mountOf(screen);
    const checked = mount.flow.result.safeParse(result);
    if (!checked.success) {
      throw new FlowParamsError(mount.path, 'result', frame.call, checked.error.issues);
    }
    data.frames = frames.slice(0, -1);
    // Frames come from the loaded record, which is read-only: the caller gets copies.
    ctx.state = cloneJson(frame.state);
    data.entryState = frame.entryState;
    data.history = [...frame.history];
    data.screen = frame.call;
    return { next: screen.next, result: checked.data };
  }

  /** Back from a flow's first screen: leaves the flow for the screen before the call. */
  back(data: SessionData): HistoryFrame | undefined {
    const frames = data.frames ?? [];
    const frame = frames.at(-1);
    if (frame === undefined || frame.history.length === 0) return undefined;
    data.frames = frames.slice(0, -1);
    const history = [...frame.history];
    const to = history.pop();
    data.history = history;
    return to;
  }

  /**
   * Home from inside flows: drops every frame, back to the app's own history. A session that
   * began on a call screen has no app screen to go home to: home is then the first screen of the
   * outermost flow, inside it.
   */
  home(data: SessionData): void {
    const frames = data.frames ?? [];
    const [root, outer] = frames;
    if (root !== undefined && root.history.length > 0) {
      data.frames = [];
      data.history = [...root.history];
    } else if (root !== undefined && outer !== undefined && outer.history.length > 0) {
      data.frames = [root];
      data.history = [...outer.history];
    }
  }
}
