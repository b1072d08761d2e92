import {
  type AbortReason,
  type CloseReasonType,
  chooseItem,
  renderChooser,
  type SessionCommand,
  sessionCommandSchema,
} from '@ussdkit/protocol';
import type { UssdApp } from '@ussdkit/router';
import type { AfricasTalkingMessages } from '../AfricasTalkingOptions';
import type { AtNotification } from '../AtNotification';
import type { AtSessionRequest } from '../AtSessionRequest';
import type { AtSession, AtSessionStore } from '../AtSessionStore';
import { addedInput } from './addedInput';
import { dialString } from './dialString';

/** What the translator needs besides the app. */
export interface TranslatorConfig {
  readonly store: AtSessionStore;
  readonly headers: Readonly<Record<string, string>>;
  readonly messages: AfricasTalkingMessages;
  readonly closeReason: (notification: AtNotification) => 'Abandon' | 'Timeout';
  readonly onError: (error: unknown, sessionId: string) => void;
}

/** Africa's Talking has no client or app ids; the router reads neither. */
const ids = { clientId: 'africastalking', appId: 'africastalking' } as const;

/**
 * Plays the native gateway's part for Africa's Talking: turns each form request into the router's
 * `new` or `continue` event, renders the answer as `CON …` / `END …`, re-asks a wrong menu key
 * without calling the app, and turns the end of a session into `close` (or `abort`).
 */
export class SessionTranslator {
  constructor(
    private readonly app: Pick<UssdApp<unknown>, 'handle'>,
    private readonly config: TranslatorConfig,
  ) {}

  /** The `CON …` or `END …` answer to one session request. */
  async answer(request: AtSessionRequest): Promise<string> {
    const { store, messages } = this.config;
    const saved = await store.get(request.sessionId);
    if (saved === undefined) {
      const shortcodeString = dialString(request.serviceCode, request.text);
      return this.exchange(request, 'new', {
        msisdn: request.phoneNumber,
        operator: request.networkCode,
        input: { type: 'Dial', shortcodeString },
      });
    }
    // The same text again is Africa's Talking repeating a request: the same answer, the app not
    // called. So is any request once the session has ended.
    if (saved.ended || request.text === saved.text) return saved.answer;
    const input = addedInput(saved.text, request.text);
    if (input === undefined) {
      const error = new Error(
        `text "${request.text}" does not extend the session's previous text "${saved.text}": the input cannot be told apart`,
      );
      return this.giveUp(request, saved.contextData, error, { type: 'InternalError' });
    }
    // On a menu, only its own keys go to the app, by the gateway's rule (`chooseItem`: the input
    // equals a key, nothing trimmed); any other input is re-asked here, since the router expects
    // nothing else.
    const { chooser } = saved;
    const value = chooser === undefined ? input : chooseItem(chooser, input)?.accessKey;
    if (chooser !== undefined && value === undefined) {
      const answer = `CON ${messages.invalidChoice}\n${renderChooser(chooser)}`;
      await store.set(request.sessionId, { ...saved, text: request.text, answer });
      return answer;
    }
    return this.exchange(request, 'continue', {
      result: { type: 'InputResult', value: value ?? input },
      contextData: saved.contextData,
    });
  }

  /** Turns an end-of-session notification into `close`, unless the app already had it. */
  async notify(notification: AtNotification): Promise<void> {
    const { store, closeReason } = this.config;
    const saved = await store.get(notification.sessionId);
    if (saved === undefined) return;
    await store.delete(notification.sessionId);
    if (saved.ended) return;
    const reason = { type: closeReason(notification) };
    await this.end(notification.sessionId, 'close', { reason, contextData: saved.contextData });
  }

  private async exchange(
    request: AtSessionRequest,
    event: 'new' | 'continue',
    fields: object,
  ): Promise<string> {
    const { sessionId } = request;
    const body = JSON.stringify({ ...ids, sessionId, ...fields });
    const path = `/ussdSessionEvent/${event}`;
    const result = await this.app.handle({ path, headers: this.config.headers, body });
    const command = result.status === 200 ? sessionCommandSchema.safeParse(result.body) : undefined;
    if (command?.success !== true) {
      const error = new Error(
        `the app answered ${event} with status ${result.status} and ${JSON.stringify(result.body)}`,
      );
      const contextData = 'contextData' in fields ? String(fields.contextData) : '';
      return this.giveUp(request, contextData, error, { type: 'UnexpectedUssdAppResponse' });
    }
    return this.show(request, command.data);
  }

  /** Renders the app's answer as the gateway shows it, and remembers the session. */
  private async show(request: AtSessionRequest, command: SessionCommand): Promise<string> {
    const { action, contextData } = command;
    const session = { text: request.text, contextData, ended: false };
    if (action.type !== 'ShowView') {
      const error = new Error(
        `the app answered with ${action.type}, which Africa's Talking cannot run`,
      );
      return this.giveUp(request, contextData, error, { type: 'UnexpectedUssdAppResponse' });
    }
    const { view } = action;
    if (view.type === 'InputView') {
      const answer = `CON ${view.message}`;
      await this.config.store.set(request.sessionId, { ...session, answer });
      return answer;
    }
    if (view.type === 'ChooserView') {
      const answer = `CON ${renderChooser(view)}`;
      await this.config.store.set(request.sessionId, { ...session, chooser: view, answer });
      return answer;
    }
    return this.finish(request, { ...session, answer: `END ${view.message}`, ended: true });
  }

  /** Ends the session with `END` and tells the app, as the gateway does after an InfoView. */
  private async finish(request: AtSessionRequest, session: AtSession): Promise<string> {
    await this.config.store.set(request.sessionId, session);
    const reason: { type: CloseReasonType } = { type: 'End' };
    await this.end(request.sessionId, 'close', { reason, contextData: session.contextData });
    return session.answer;
  }

  /** What cannot go on: `END` with the unavailable text, and `abort` to the app. */
  private async giveUp(
    request: AtSessionRequest,
    contextData: string,
    error: Error,
    reason: AbortReason,
  ): Promise<string> {
    this.config.onError(error, request.sessionId);
    const answer = `END ${this.config.messages.unavailable}`;
    const session = { text: request.text, contextData, answer, ended: true };
    await this.config.store.set(request.sessionId, session);
    await this.end(request.sessionId, 'abort', { reason, contextData });
    return answer;
  }

  private async end(
    sessionId: string,
    event: 'close' | 'abort',
    fields: { reason: object; contextData: string },
  ): Promise<void> {
    const body = JSON.stringify({ ...ids, sessionId, ...fields });
    const path = `/ussdSessionEvent/${event}`;
    const result = await this.app.handle({ path, headers: this.config.headers, body });
    if (result.status !== 204) {
      const said = JSON.stringify(result.body);
      this.config.onError(
        new Error(`the app answered ${event} with status ${result.status} and ${said}`),
        sessionId,
      );
    }
  }
}
