import type { ActionResult, ChooserView } from '@ussdkit/protocol';
import type { RouterMessages } from '../../AppOptions';
import { ResumeNotSupportedError } from '../../ResumeNotSupportedError';
import type { ResumeOptions } from '../../ResumeOptions';
import type { SessionStore } from '../../SessionStore';
import type { FlowEngine } from '../engine/FlowEngine';
import type { Locale } from '../engine/locales';
import { type CarryRules, carryOver } from './carryOver';
import { cloneJson } from './cloneJson';
import type { Answer, Scope } from './Scope';
import type { SessionData } from './SessionData';

/** The accessKeys of the prompt's two items. */
const YES = '1';
const NO = '2';

/** The prompt: `messages.resumePrompt`, `1. Yes`, `2. No` (measured whole at `createApp`). */
export function resumePromptView(messages: RouterMessages): ChooserView {
  const items = [
    { accessKey: YES, label: messages.resumeYes },
    { accessKey: NO, label: messages.resumeNo },
  ];
  return { type: 'ChooserView', title: messages.resumePrompt, items };
}

/**
 * The name a caller's kept session is stored under: the app the gateway called (its `appId`)
 * and the caller, so that two apps sharing one store never offer each other's sessions. The app
 * id is percent-encoded: a store may give meaning to braces (Redis's hash tags) or colons.
 */
export function resumeKey(appId: string, msisdn: string): string {
  return `${encodeURIComponent(appId)}:${msisdn}`;
}

/**
 * `resume` at work: keeps a dropped session for its caller at close, takes it back at the
 * caller's next dial, and reads the answer to the prompt. The session on the prompt keeps the
 * offered session in `data.offer`, so a drop on the prompt keeps it again.
 */
export class Resumer {
  readonly #on: ReadonlySet<string>;

  private constructor(
    private readonly options: ResumeOptions,
    private readonly store: Required<Pick<SessionStore, 'saveResume' | 'takeResume'>>,
    private readonly carry: CarryRules,
  ) {
    this.#on = new Set(options.on ?? ['Timeout']);
  }

  /** The app's `resume`, checked against its store; `undefined` when the app has none. */
  static of(
    options: ResumeOptions | undefined,
    store: SessionStore,
    carry: CarryRules,
  ): Resumer | undefined {
    if (options === undefined) return undefined;
    const { saveResume, takeResume } = store;
    if (saveResume === undefined || takeResume === undefined) throw new ResumeNotSupportedError();
    const bound = { saveResume: saveResume.bind(store), takeResume: takeResume.bind(store) };
    return new Resumer(options, bound, carry);
  }

  /** Whether a close with this reason keeps the session (its record is then needed). */
  keeps(reason: string): boolean {
    return this.#on.has(reason);
  }

  /**
   * At close: keeps the session for its caller when it was waiting for the customer's answer on
   * an input or a chooser (or on the prompt: the session it offered is kept again).
   */
  async keep(appId: string, data: SessionData | undefined): Promise<void> {
    const kept = data?.offer ?? data;
    if (kept === undefined) return;
    const kind = this.carry.screens[kept.screen]?.kind;
    if (kind !== 'input' && kind !== 'chooser') return;
    const state = { ...kept, hop: undefined, offer: undefined };
    await this.store.saveResume(
      resumeKey(appId, kept.msisdn),
      { flowVersion: this.carry.flowVersion, state },
      this.options.withinMs,
    );
  }

  /** At a dial: the caller's kept session, when it may go on in this version of the app. */
  async take(appId: string, msisdn: string): Promise<SessionData | undefined> {
    return carryOver(await this.store.takeResume(resumeKey(appId, msisdn)), this.carry);
  }

  /** The prompt, in the locale's language. */
  prompt({ messages }: Locale): Answer {
    return { command: { action: { type: 'ShowView', view: resumePromptView(messages) } } };
  }

  /**
   * The customer's answer to the prompt: yes brings back the offered screen and state (the
   * screen shown afresh, its history kept for back), no shows `first`; anything else shows the
   * prompt again.
   */
  async answer(
    scope: Scope,
    result: ActionResult,
    engine: FlowEngine,
    first: string,
  ): Promise<Answer> {
    const { data, ctx } = scope;
    const value = result.type === 'InputResult' ? result.value : undefined;
    if (data.offer === undefined || (value !== YES && value !== NO)) {
      return this.prompt(engine.locales.of(data.language));
    }
    // From the loaded record, which is read-only: the handlers get a copy.
    const offered = cloneJson(data.offer);
    data.offer = undefined;
    if (value === NO) return engine.show(scope, first);
    // The new session's own counters and caller details; everything else as it was.
    Object.assign(data, { ...offered, hop: data.hop, operator: data.operator });
    ctx.state = offered.state;
    return engine.show(scope, offered.screen);
  }
}
