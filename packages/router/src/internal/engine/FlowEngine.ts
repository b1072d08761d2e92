import type { ActionResult } from '@ussdkit/protocol';
import type { Awaitable, Route } from '../../Context';
import { REDACTED } from '../../RouterEvent';
import type { ChooserScreen, InputScreen } from '../../Screen';
import type { RouterEvents } from '../observe/RouterEvents';
import { cloneJson } from '../session/cloneJson';
import type { Answer, Scope } from '../session/Scope';
import { MAX_HISTORY } from '../session/SessionData';
import type { FlowFrames } from './flowFrames';
import type { Locale, Locales } from './locales';
import { localize } from './localize';
import { type LooseScreen, resolveText } from './looseScreen';
import { infoPage, turnTextPage } from './pageTurns';
import { emitProcess, UnexpectedResultError } from './processResult';
import { chooserItems, chooserPage, screenAction } from './screenAction';

export type { Answer, Scope } from '../session/Scope';

export { UnexpectedResultError };

/**
 * Runs screens: shows a screen, and handles the one event the current screen waits for. Works
 * from the stored cursor, so each hop costs the same whatever the path length.
 */
export class FlowEngine {
  constructor(
    readonly screens: Readonly<Record<string, LooseScreen>>,
    /** The router's texts, keys and limits in each of the app's languages. */
    readonly locales: Locales,
    /** Where router events go (see RouterEvents: no event is built while nobody listens). */
    private readonly events: RouterEvents,
    /** The mounted flows' frames; undefined when the app mounts none. */
    readonly flows?: FlowFrames | undefined,
  ) {}

  /** The locale the session is shown in. */
  private locale(scope: Scope): Locale {
    return this.locales.of(scope.data.language);
  }

  screen(name: string): LooseScreen {
    const screen = this.screens[name];
    if (screen === undefined) throw new Error(`no screen named "${name}"`);
    return screen;
  }

  /** Moves forward to `target`, remembering the current screen for back. */
  async goTo(scope: Scope, target: string): Promise<Answer> {
    const { data, ctx } = scope;
    const current = this.screens[data.screen];
    if (current?.kind === 'input' || current?.kind === 'chooser') {
      data.history.push({ screen: data.screen, state: data.entryState });
      if (data.history.length > MAX_HISTORY) data.history.shift();
    }
    data.entryState = cloneJson(ctx.state);
    return this.show(scope, target);
  }

  /** Shows `name` from its first page, optionally above an error notice. */
  async show(scope: Scope, name: string, notice?: string): Promise<Answer> {
    const { data, ctx } = scope;
    const screen = this.screen(name);
    if (screen.kind === 'callFlow' && this.flows)
      return this.show(scope, await this.flows.enter(scope, name));
    if (data.screen !== name || notice === undefined) data.attempts = 0;
    data.screen = name;
    data.page = 0;
    data.items = undefined;
    data.pages = undefined;
    data.operationId = undefined;
    // The whole screen is shown in the language the session had when it began to show it: a
    // `setLanguage` from one of its text functions takes effect from the next screen on.
    const { settings } = this.locale(scope);
    const answer = await screenAction(scope, screen, settings, notice);
    this.events.emit?.({
      type: 'screen.shown',
      sessionId: ctx.sessionId,
      screen: name,
      kind: screen.kind,
      page: 0,
    });
    if (screen.sessionTag === undefined) return answer;
    const tag = resolveText(screen.sessionTag, ctx, settings.language);
    const sessionTag = typeof tag === 'string' ? tag : await tag;
    return { ...answer, command: { ...answer.command, sessionTag } };
  }

  /** Handles the result of a continue event on the current screen. */
  async continue(scope: Scope, result: ActionResult): Promise<Answer> {
    const { data } = scope;
    const screen = this.screen(data.screen);
    if (result.type === 'InputResult' && screen.kind === 'input')
      return this.onInput(scope, screen, result.value);
    if (result.type === 'InputResult' && screen.kind === 'chooser')
      return this.onChoice(scope, screen, result.value);
    if (result.type === 'InputResult' && screen.kind === 'info' && data.pages !== undefined)
      return infoPage(scope, screen, result.value, this.locale(scope).settings, this.events);
    if (result.type === 'MerchantPaymentResult' && screen.kind === 'merchantPayment') {
      if (result.operationId !== data.operationId) {
        throw new UnexpectedResultError(
          `payment result for operationId ${result.operationId}, expected ${data.operationId ?? 'none'}`,
        );
      }
      const { status, operationId } = result;
      const cause = status.type === 'Failure' ? status.cause.type : undefined;
      emitProcess(this.events, scope, 'MerchantPayment', status.type, cause);
      const target =
        status.type === 'Success'
          ? await this.route(screen.onSuccess, { operationId }, scope)
          : status.type === 'Failure'
            ? await this.route(screen.onFailure, { operationId, cause: status.cause.type }, scope)
            : await this.route(screen.onUnknown, { operationId }, scope);
      return this.goTo(scope, target);
    }
    if (result.type === 'EmbeddedProcessResult' && screen.kind === 'embeddedProcess') {
      emitProcess(this.events, scope, 'EmbeddedProcess');
      return this.goTo(scope, await this.route(screen.next, result.resultParams, scope));
    }
    if (result.type === 'ReturnFromRedirectResult' && screen.kind === 'redirect') {
      emitProcess(this.events, scope, 'Redirect');
      return this.goTo(scope, await this.route(screen.onReturn, result.resultParams, scope));
    }
    throw new UnexpectedResultError(
      `${result.type} received while on ${screen.kind} screen "${data.screen}"`,
    );
  }

  /** Resolves a route to a screen name, checking it exists. */
  async route<A>(
    route: Route<unknown, string, A> | undefined,
    arg: A,
    scope: Scope,
  ): Promise<string> {
    if (route === undefined)
      throw new Error(`screen "${scope.data.screen}" has no route for this event`);
    const chosen = typeof route === 'string' ? route : await route(arg, scope.ctx);
    if (this.flows?.isReturn(chosen)) {
      // `finish(result)`: back in the caller, whose call screen's `next` takes the result.
      const call = this.flows.leave(scope, chosen.result);
      return this.route(call.next, call.result, scope);
    }
    const target = typeof chosen === 'string' ? chosen : chosen.go;
    if (this.screens[target] === undefined) {
      throw new Error(`screen "${scope.data.screen}" went to "${target}", which is not a screen`);
    }
    return target;
  }

  /**
   * Back, home and more; `undefined` when `value` is not a navigation key here. Not async: most
   * inputs are not navigation, and their answer should not wait a turn for that.
   */
  private navigate(scope: Scope, value: string, paged: boolean): Awaitable<Answer> | undefined {
    const { data, ctx } = scope;
    const { settings } = this.locale(scope);
    const { back, home, more } = settings.navigation;
    const from = data.screen;
    if (paged && value === more.key) {
      data.page += 1;
      this.events.emit?.({ type: 'page', sessionId: ctx.sessionId, screen: from, page: data.page });
      return chooserPage(
        scope,
        this.screen(from) as ChooserScreen<unknown, string, unknown>,
        settings,
      );
    }
    if (paged && back && value === back.key && data.page > 0) {
      data.page -= 1;
      this.events.emit?.({ type: 'page', sessionId: ctx.sessionId, screen: from, page: data.page });
      return chooserPage(
        scope,
        this.screen(from) as ChooserScreen<unknown, string, unknown>,
        settings,
      );
    }
    if (home && value === home.key) this.flows?.home(data);
    const frame =
      back && value === back.key
        ? (data.history.pop() ?? this.flows?.back(data))
        : home && value === home.key
          ? data.history.splice(0)[0]
          : undefined;
    if (frame === undefined) return undefined;
    ctx.state = cloneJson(frame.state);
    data.entryState = frame.state;
    this.events.emit?.({
      type: value === back?.key ? 'back' : 'home',
      sessionId: ctx.sessionId,
      from,
      to: frame.screen,
    });
    return this.show(scope, frame.screen);
  }

  private async onInput(
    scope: Scope,
    screen: InputScreen<unknown, string, unknown>,
    value: string,
  ) {
    const { data, ctx } = scope;
    // On a page of a long prompt, more and back turn pages; anything else is the answer.
    const turned = turnTextPage(scope, screen, value, this.locale(scope).settings, this.events);
    if (turned !== undefined) return turned;
    if (screen.navigation !== false) {
      const moved = this.navigate(scope, value, false);
      if (moved !== undefined) return moved;
    }
    const locale = this.locale(scope);
    const shown = screen.secret === true ? REDACTED : value;
    this.events.emit?.({
      type: 'input',
      sessionId: ctx.sessionId,
      screen: data.screen,
      value: shown,
    });
    let parsed: unknown = value;
    let problem: string | undefined;
    const { validate } = screen;
    if (typeof validate === 'function') {
      const message = await validate(value, ctx);
      problem = message === undefined ? undefined : localize(message, locale.language);
    } else if (validate !== undefined) {
      // Async so that schemas with async refinements work; the error map only fills the issues
      // the schema left without a message (a user's global `z.config` is not touched).
      const result = await validate.safeParseAsync(value, locale.parseParams);
      if (result.success) parsed = result.data;
      else problem = result.error.issues[0]?.message ?? locale.messages.invalidInput;
    }
    if (problem === undefined)
      return this.goTo(scope, await this.route(screen.next, parsed, scope));
    data.attempts += 1;
    this.events.emit?.({
      type: 'input.rejected',
      sessionId: ctx.sessionId,
      screen: data.screen,
      value: shown,
      message: problem,
      attempt: data.attempts,
    });
    if (screen.maxAttempts !== undefined && data.attempts >= screen.maxAttempts) {
      if (screen.onTooManyAttempts !== undefined) return this.goTo(scope, screen.onTooManyAttempts);
      this.events.emit?.({
        type: 'session.end',
        sessionId: ctx.sessionId,
        reason: 'TooManyAttempts',
      });
      const view = { type: 'InfoView' as const, message: locale.messages.tooManyAttempts };
      return { command: { action: { type: 'ShowView' as const, view } }, ended: true };
    }
    return this.show(scope, data.screen, problem);
  }

  private async onChoice(
    scope: Scope,
    screen: ChooserScreen<unknown, string, unknown>,
    value: string,
  ) {
    const moved = this.navigate(scope, value, true);
    if (moved !== undefined) return moved;
    const { settings } = this.locale(scope);
    const items = chooserItems(scope, screen, settings);
    const index = items.findIndex((item) => item.key === value);
    const item = items[index];
    if (item === undefined) return chooserPage(scope, screen, settings);
    this.events.emit?.({
      type: 'input',
      sessionId: scope.ctx.sessionId,
      screen: scope.data.screen,
      value,
    });
    const chosen = { key: item.key, label: item.label, value: item.value, index };
    const target = item.next ?? (await this.route(screen.next, chosen, scope));
    return this.goTo(scope, target);
  }
}
