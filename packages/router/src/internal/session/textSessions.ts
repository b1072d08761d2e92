import type { AbortReasonType, ContinueSession, SessionCommand } from '@ussdkit/protocol';
import {
  type ChooserView,
  chooseItem,
  gatewayTexts,
  reaskChooser,
  renderChooser,
} from '@ussdkit/protocol';
import type { ErrorInfo } from '../../ErrorInfo';
import type { TextAnswer, TextContext, TextEvent } from '../../TextEvent';
import { refusedWith } from '../observe/reportError';
import { type Answered, failedAnswer } from './answerRules';
import type { EventRunner, Turn } from './EventRunner';
import { asSessionData } from './SessionData';
import { addedInput, memoFor, memoOf, notLonger, notPast } from './textMemo';

/** The longest input and dialled string (a USSD screen's 182 characters), and path, read. */
const MAX_INPUT = 182;
const MAX_PATH = 4096;

/** A request of a session (not its end, nor a question about it). */
type SessionRequest = Exclude<TextEvent, { type: 'end' | 'status' }>;

/** Work for once the answer is on its way: the hooks after a final screen, an abort. */
type After = () => Promise<void>;

const refused = (status: 400 | 403 | 409 | 413, code: string, message: string): TextAnswer => ({
  type: 'refused',
  status,
  code,
  message,
});
const inputTooLong = refused(413, 'INPUT_TOO_LONG', `An input is at most ${MAX_INPUT} characters`);
const dialTooLong = refused(
  413,
  'DIAL_TOO_LONG',
  `A dialled string is at most ${MAX_INPUT} characters`,
);

/** The router event a request stands for, as far as it can be told before its session is read. */
const eventOf = (event: SessionRequest): 'new' | 'continue' =>
  event.type === 'begin' ? 'new' : 'continue';

/** The menu a command shows, for the re-ask rule. */
function chooserOf(answer: unknown): ChooserView | undefined {
  const action = (answer as SessionCommand | undefined)?.action;
  return action?.type === 'ShowView' && action.view.type === 'ChooserView'
    ? action.view
    : undefined;
}

/**
 * The rules of a text gateway's session, the same for every provider: a session starts on
 * `begin` or on an unknown session's `path`; each `input` (or what a `path` adds) continues it;
 * a key that is none of the menu's items is re-asked without calling the app; a repeated request
 * gets the same screen; after the final screen the app's `onClose` runs with `End` and the
 * session is kept, ended, until the provider's end, so a repeat still gets the final screen.
 * What it keeps rides in the app's own session record: one store round trip serves both.
 */
export class TextSessions {
  constructor(
    private readonly runner: EventRunner,
    private readonly onError: (error: unknown, info: ErrorInfo) => void,
  ) {}

  async dispatch(event: TextEvent, context: TextContext = {}): Promise<TextAnswer> {
    const tooLong = this.#tooLong(event);
    if (tooLong !== undefined) return tooLong;
    if (event.type === 'end') {
      await this.runner.ends.endText(event.sessionId, 'close', event.reason);
      return { type: 'ended' };
    }
    if (event.type === 'status') return { type: 'status', active: await this.#active(event) };
    const after: After[] = [];
    const name = eventOf(event);
    const answer = await this.runner.turn<TextAnswer>(
      name,
      event.sessionId,
      '',
      (turn) => this.#answer(turn, event, context, after),
      (error, turn) => {
        const { config } = this.runner;
        const failed = failedAnswer(config, turn.event, event.sessionId, '', turn.language, error);
        return this.#render(failed, event, after, undefined);
      },
    );
    for (const work of after) {
      const running = work().catch((error: unknown) =>
        this.onError(error, { sessionId: event.sessionId, event: 'close' }),
      );
      context.waitUntil?.(running);
    }
    return answer;
  }

  async #answer(
    turn: Turn,
    event: SessionRequest,
    context: TextContext,
    after: After[],
  ): Promise<TextAnswer> {
    const { record } = turn;
    const memo = memoOf(record);
    const data = asSessionData(record?.state);
    const gateway = context.gateway ?? 'text';
    const serviceCode = event.type === 'input' ? '' : (event.serviceCode ?? '');
    const appId = memo?.appId ?? `${gateway}:${serviceCode}`;
    const { sessionId } = event;
    // Literals, not spreads of the ids: on Node 20 a key added to a spread copy makes a new
    // hidden class each time (about a microsecond a key).
    const continued = (contextData: string, result: ContinueSession['result']) => ({
      sessionId,
      clientId: gateway,
      appId,
      contextData,
      result,
    });
    const path = event.type === 'path' ? event.path : '';
    const remember = (ended: boolean) => memoFor(appId, path, ended, event.step);
    turn.event = record === undefined && event.type !== 'input' ? 'new' : 'continue';
    if (record === undefined || data === undefined) {
      if (event.type === 'input') {
        // A session the app does not know (expired, or never started): the router's answer.
        const result = { type: 'InputResult', value: event.input } as const;
        const body = continued('', result);
        return this.#render(await this.runner.respond(turn, 'continue', body), event, after);
      }
      // Only a session's first request is a dial: Africa's Talking's later paths extend it.
      if (event.dial.length > MAX_INPUT) return dialTooLong;
      const input = { type: 'Dial', shortcodeString: event.dial } as const;
      const body = {
        sessionId,
        clientId: gateway,
        appId,
        msisdn: event.msisdn,
        operator: event.operator ?? '',
        input,
      };
      const answered = await this.runner.respond(turn, 'new', body, remember);
      return this.#render(answered, event, after, appId);
    }
    if (data.msisdn !== event.msisdn) {
      const error = new Error('a request of this session came from another phone number');
      this.onError(refusedWith(error, 403), { sessionId: event.sessionId, event: 'continue' });
      return refused(403, 'PHONE_NUMBER_CHANGED', 'This session belongs to another phone number');
    }
    const last = record.lastEvent?.answer as SessionCommand | undefined;
    // A path no longer than the one served is a resent or late request (Africa's Talking's text
    // only grows), as is a numbered request not past the last: the last screen, the app not called.
    const repeated =
      (event.type === 'path' && memo !== undefined && notLonger(memo, event.path)) ||
      notPast(memo, event.step);
    if (last !== undefined && (memo?.ended === true || event.type === 'begin' || repeated)) {
      turn.outcome = 'replayed';
      const secret = this.runner.secretOn(data, last);
      return this.#render({ command: last, secret }, event, [], undefined);
    }
    const input =
      event.type === 'input'
        ? event.input
        : event.type === 'path' && memo !== undefined
          ? addedInput(memo, event.path)
          : undefined;
    if (input !== undefined && input.length > MAX_INPUT) return inputTooLong;
    if (input === undefined) {
      const error = new Error(
        `the request's text (${path.length} characters) does not extend the session's path (${memo?.length ?? 0} characters): its input cannot be told apart`,
      );
      return this.#giveUp(turn, error, event, after);
    }
    const menu = chooserOf(last);
    const item = menu && chooseItem(menu, input);
    if (menu !== undefined && item === undefined) {
      // The gateway's rule: a key that is none of the items is asked again, the app not called.
      turn.outcome = 'replayed';
      await turn.store.save(event.sessionId, { ...record, gateway: remember(false) });
      const text = reaskChooser(menu, context.invalidChoice ?? gatewayTexts.invalidChoice);
      return { type: 'screen', text, ends: false, secret: false };
    }
    const result = { type: 'InputResult', value: item?.accessKey ?? input } as const;
    const contextData = data.hop === undefined ? '' : `h${data.hop}`;
    const answered = await this.runner.respond(
      turn,
      'continue',
      continued(contextData, result),
      remember,
    );
    return this.#render(answered, event, after, appId);
  }

  /**
   * The answer as text. After a final screen, the app's end hooks run (`appId` given when the
   * session was saved); an action no text gateway runs (a payment) gives up on the session.
   */
  #render(answered: Answered, event: SessionRequest, after: After[], appId?: string): TextAnswer {
    const { action } = answered.command;
    if (action.type !== 'ShowView') {
      const error = new Error(
        `the app answered with ${action.type}, which a text gateway cannot run`,
      );
      return this.#giveUp(undefined, error, event, after, 'UnexpectedUssdAppResponse');
    }
    const { view } = action;
    if (view.type === 'ChooserView') {
      return { type: 'screen', text: renderChooser(view), ends: false, secret: false };
    }
    if (view.type === 'InputView') {
      return { type: 'screen', text: view.message, ends: false, secret: answered.secret };
    }
    if (appId !== undefined) after.push(() => this.runner.ends.closeEnded(event.sessionId));
    return { type: 'screen', text: view.message, ends: true, secret: false };
  }

  /** What cannot go on: reported, the unavailable text, and `abort` to the app after it. */
  #giveUp(
    turn: Turn | undefined,
    error: Error,
    event: SessionRequest,
    after: After[],
    reason: AbortReasonType = 'InternalError',
  ): TextAnswer {
    this.onError(error, { sessionId: event.sessionId, event: turn?.event ?? eventOf(event) });
    after.push(() => this.runner.ends.endText(event.sessionId, 'abort', reason));
    const text = this.runner.config.locales.of(turn?.language).messages.unavailable;
    return { type: 'screen', text, ends: true, secret: false };
  }

  /**
   * Whether a session is open: started and not ended. Read without its lock (a question changes
   * nothing). A store that fails to answer leaves it open: the provider would otherwise end a
   * session the app may still hold.
   */
  async #active(event: { readonly sessionId: string }): Promise<boolean> {
    try {
      const record = await this.runner.config.store.load(event.sessionId, '');
      return asSessionData(record?.state) !== undefined && memoOf(record)?.ended !== true;
    } catch (error) {
      this.onError(error, { sessionId: event.sessionId, event: 'continue' });
      return true;
    }
  }

  #tooLong(event: TextEvent): TextAnswer | undefined {
    if (event.type === 'input' && event.input.length > MAX_INPUT) return inputTooLong;
    if (event.type === 'begin' && event.dial.length > MAX_INPUT) return dialTooLong;
    if (event.type === 'path' && event.path.length > MAX_PATH) {
      return refused(413, 'TEXT_TOO_LONG', `A session's text is at most ${MAX_PATH} characters`);
    }
    return undefined;
  }
}
