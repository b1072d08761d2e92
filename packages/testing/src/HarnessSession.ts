import {
  type AbortReason,
  type ActionResult,
  chooseItem,
  gatewayTexts,
  type MerchantPaymentFailureCause,
  type Process,
  reaskChooser,
  type SessionCommand,
  sessionCommandSchema,
} from '@ussdkit/protocol';
import { HarnessError } from './HarnessError';
import type { HarnessIdentity } from './HarnessIdentity';
import { HarnessSessionState } from './HarnessSessionState';
import type { HarnessWaiting } from './HarnessWaiting';
import { commandOutcome } from './internal/commandOutcome';
import { postEvent } from './internal/postEvent';
import { SECRET_MASK } from './internal/secretInputs';
import { closedRefusal, describeSession, waitingRefusal } from './internal/sessionFailures';
import type { UssdHandler } from './UssdHandler';

/**
 * One USSD session driven in-process as the gateway would drive it: every step gives the real wire
 * event to the app's `dispatch` (or `handle`), and the session shows the screen the phone would show (what a test
 * reads and checks is {@link HarnessSessionState}'s). Made by
 * {@link createHarness}'s `dial`, `push` and `redirectIn`. What the customer types on a secret
 * screen (`typeSecret`, or `type` on a router `input({ secret: true })`) is written `••••` in the
 * transcript and every failure message.
 *
 * @example
 * ```ts
 * const session = await createHarness(app).dial('*384*1#');
 * session.expectScreen('Menu\n1. Airtime\n2. Data');
 * await session.pick('Airtime');
 * await session.type('500');
 * expect(session.open).toBe(false);
 * ```
 */
export class HarnessSession extends HarnessSessionState {
  // A private field (not a property), so that printing the session shows no typed secret.
  #lastEvent: { event: 'new' | 'continue'; body: object } | undefined;
  /** What a router app said of its last screen: it asks a secret (unknown for `handle`). */
  #asksSecret: boolean | undefined;

  constructor(
    private readonly app: UssdHandler,
    private readonly identity: HarnessIdentity,
    /** Whether an InputView's message asks a secret (see `secretInputs`). */
    private readonly isSecret: (message: string) => boolean = () => false,
  ) {
    super();
  }

  /** The session id the gateway gave this session. */
  get sessionId(): string {
    return this.identity.sessionId;
  }

  /** Sends the `new` event (used by the harness). */
  async start(fields: { msisdn: string; operator: string; input: unknown }, label: string) {
    this.transcript.push(`> ${label}`);
    await this.exchange('new', { ...this.base(), ...fields });
    return this;
  }

  /**
   * Types text, as the customer does on an input or chooser screen. On a chooser, text that is
   * not equal to an accessKey (`chooseItem`: ` 1` is not `1`) is re-asked by the gateway without
   * calling the app, as the real gateway does. On a router app's secret input screen the text is
   * masked as by {@link HarnessSession.typeSecret}.
   */
  async type(text: string): Promise<this> {
    const { waiting } = this;
    if (waiting.kind === 'chooser') {
      const item = chooseItem(waiting.view, text);
      if (item === undefined) {
        this.transcript.push(`> ${text}`, `(gateway: invalid choice, asked again)`);
        this.show(reaskChooser(waiting.view));
        return this;
      }
      return this.reply(`> ${text}`, { type: 'InputResult', value: item.accessKey });
    }
    const secret = this.#asksSecret ?? this.isSecret(this.screen);
    if (waiting.kind === 'input' && this.open && secret) {
      return this.typeSecret(text);
    }
    this.expectWaiting('input', `type "${text}"`);
    return this.reply(`> ${text}`, { type: 'InputResult', value: text });
  }

  /**
   * Types a secret (a PIN, a password) on an input screen: the app gets it as typed, and the
   * transcript and every failure message show `••••` instead, whatever its length.
   *
   * @example
   * ```ts
   * await session.typeSecret('4821');
   * expect(session.transcript).toContain('> ••••');
   * ```
   */
  async typeSecret(text: string): Promise<this> {
    this.expectWaiting('input', `typeSecret(${SECRET_MASK})`);
    return this.reply(`> ${SECRET_MASK}`, { type: 'InputResult', value: text });
  }

  /** Picks a chooser item by its label or its accessKey. */
  async pick(labelOrKey: string): Promise<this> {
    const { waiting } = this;
    if (waiting.kind !== 'chooser') return this.expectWaiting('chooser', `pick "${labelOrKey}"`);
    const item =
      waiting.view.items.find((candidate) => candidate.label === labelOrKey) ??
      waiting.view.items.find((candidate) => candidate.accessKey === labelOrKey);
    if (item === undefined) {
      const choices = waiting.view.items.map((i) => `"${i.label}" (${i.accessKey})`).join(', ');
      throw new HarnessError(
        `cannot pick "${labelOrKey}": the chooser offers ${choices}\n\n${this.describe()}`,
      );
    }
    return this.reply(`> ${item.accessKey} (${item.label})`, {
      type: 'InputResult',
      value: item.accessKey,
    });
  }

  /** Ends the merchant payment the app started with this outcome. */
  async paymentResult(
    status: 'Success' | 'Unknown' | 'Failure',
    cause: MerchantPaymentFailureCause = 'Other',
  ): Promise<this> {
    const process = this.pendingProcess('MerchantPaymentProcess', `paymentResult("${status}")`);
    const result =
      status === 'Failure' ? { type: status, cause: { type: cause } } : { type: status };
    return this.reply(`(payment ${status}${status === 'Failure' ? `: ${cause}` : ''})`, {
      type: 'MerchantPaymentResult',
      operationId: process.operationId,
      status: result,
    });
  }

  /** Ends the embedded process the app started with these result params. */
  async embeddedResult(resultParams: Record<string, string>): Promise<this> {
    this.pendingProcess('EmbeddedProcess', 'embeddedResult()');
    return this.reply(`(embedded process result ${JSON.stringify(resultParams)})`, {
      type: 'EmbeddedProcessResult',
      resultParams,
    });
  }

  /** The app the session was redirected to hands control back with these params. */
  async returnFromRedirect(resultParams: Record<string, string>): Promise<this> {
    this.expectWaiting('redirect', 'returnFromRedirect()');
    return this.reply(`(returned from redirect ${JSON.stringify(resultParams)})`, {
      type: 'ReturnFromRedirectResult',
      resultParams,
    });
  }

  /** The customer cancels: the gateway closes the session with `Abandon`. */
  async cancel(): Promise<this> {
    return this.close('Abandon');
  }

  /** The operator's time limit passes: the gateway closes the session with `Timeout`. */
  async timeout(): Promise<this> {
    return this.close('Timeout');
  }

  /**
   * The gateway aborts the session (for example `{ type: 'InternalError' }`), with the sentence
   * that says why when given; the screen shows the gateway's
   * `Service temporarily unavailable. Please try again later.`
   */
  async abort(reason: AbortReason, message?: string): Promise<this> {
    this.assertOpen(`abort ${reason.type}`);
    this.open = false;
    this.waiting = { kind: 'none' };
    this.abortReason = reason.type;
    this.abortMessage = message;
    this.screen = gatewayTexts.aborted;
    this.transcript.push(
      `(gateway: abort ${reason.type}${message === undefined ? '' : `: ${message}`})`,
    );
    await this.post('abort', { ...this.base(), reason, contextData: this.contextData }, 'abort');
    return this;
  }

  /**
   * Sends the last `new` or `continue` event again, as a gateway retrying a request does, and
   * gives the app's answer without showing it (compare it with `answers.at(-1)`).
   */
  async replay(): Promise<{ status: number; body?: unknown }> {
    const last = this.#lastEvent;
    if (last === undefined) throw new HarnessError('nothing to replay yet');
    this.transcript.push(`(gateway: ${last.event} sent again)`);
    const { status, body } = await this.post(last.event, last.body, `the replayed ${last.event}`);
    return body === undefined ? { status } : { status, body };
  }

  private base() {
    const { clientId, appId, sessionId } = this.identity;
    return { clientId, appId, sessionId };
  }

  private describe(): string {
    return describeSession(this);
  }

  private assertOpen(what: string): void {
    const refused = closedRefusal(this, what);
    if (refused !== undefined) throw new HarnessError(refused);
  }

  private expectWaiting(kind: HarnessWaiting['kind'], what: string): never | this {
    const refused = waitingRefusal(this, kind, what);
    if (refused !== undefined) throw new HarnessError(refused);
    return this;
  }

  private pendingProcess<T extends Process['type']>(type: T, what: string) {
    this.expectWaiting('process', what);
    const { waiting } = this;
    if (waiting.kind !== 'process' || waiting.process.type !== type) {
      throw new HarnessError(`cannot ${what}: the app runs no ${type}\n\n${this.describe()}`);
    }
    return waiting.process as Extract<Process, { type: T }>;
  }

  private async reply(label: string, result: ActionResult): Promise<this> {
    this.transcript.push(label);
    await this.exchange('continue', { ...this.base(), result, contextData: this.contextData });
    return this;
  }

  private async close(reason: 'End' | 'Abandon' | 'Timeout'): Promise<this> {
    this.assertOpen(`close with ${reason}`);
    this.transcript.push(`(gateway: close ${reason})`);
    if (reason !== 'End')
      this.screen = reason === 'Abandon' ? gatewayTexts.abandoned : gatewayTexts.timeout;
    this.open = false;
    this.closeReason = reason;
    this.waiting = { kind: 'none' };
    const body = { ...this.base(), reason: { type: reason }, contextData: this.contextData };
    await this.post('close', body, 'close');
    return this;
  }

  private show(screen: string): void {
    this.screen = screen;
    this.transcript.push(...screen.split('\n').map((line) => `< ${line}`));
  }

  private post(event: string, body: object, what: string) {
    const request = { event, body, headers: this.identity.headers };
    return postEvent(this.app, request, what, () => this.describe());
  }

  private async exchange(event: 'new' | 'continue', body: object): Promise<void> {
    this.#lastEvent = { event, body };
    const answer = await this.post(event, body, event);
    this.#asksSecret = answer.secret;
    this.answers.push(answer.body);
    const parsed = sessionCommandSchema.safeParse(answer.body);
    if (!parsed.success) {
      throw new HarnessError(
        `the app's answer to ${event} is no valid session command (${parsed.error.message}): ` +
          `${JSON.stringify(answer.body)}\n\n${this.describe()}`,
      );
    }
    await this.apply(parsed.data);
  }

  private async apply(command: SessionCommand): Promise<void> {
    this.contextData = command.contextData;
    if (command.sessionTag !== undefined) this.sessionTag = command.sessionTag;
    const outcome = commandOutcome(command.action, this.identity.appId);
    this.waiting = outcome.waiting;
    if (outcome.note !== undefined) this.transcript.push(outcome.note);
    if (outcome.returnedWith !== undefined) this.returnedWith = outcome.returnedWith;
    if (outcome.screen !== undefined) this.show(outcome.screen);
    if (outcome.abort !== undefined) await this.abort(outcome.abort.reason, outcome.abort.message);
    else if (outcome.end) await this.close('End');
  }
}
