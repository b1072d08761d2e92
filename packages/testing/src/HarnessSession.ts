import {
  type AbortReason,
  type ActionResult,
  type CloseReasonType,
  type MerchantPaymentFailureCause,
  measureScreen,
  type Process,
  renderChooser,
  type ScreenLimits,
  type SessionCommand,
  sessionCommandSchema,
} from '@ussdkit/protocol';
import { HarnessAssertionError, HarnessError } from './HarnessError';
import type { HarnessIdentity } from './HarnessIdentity';
import type { HarnessWaiting } from './HarnessWaiting';
import { commandOutcome, gatewayScreens } from './internal/commandOutcome';
import { formatMismatch } from './internal/formatMismatch';
import { postEvent } from './internal/postEvent';
import type { UssdHandler } from './UssdHandler';

/**
 * One USSD session driven in-process as the gateway would drive it: every step posts the real wire
 * event to the app's `handle`, and the session shows the screen the phone would show. Made by
 * {@link createHarness}'s `dial`, `push` and `redirectIn`.
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
export class HarnessSession {
  /** The exact text on the phone's screen. */
  screen = '';
  /** Whether the gateway session is still going. */
  open = true;
  /** Why the session closed (`End` after an InfoView, `Abandon`, `Timeout`), once closed. */
  closeReason: CloseReasonType | undefined;
  /** The `contextData` of the app's last answer, echoed in the next event. */
  contextData = '';
  /** The `sessionTag` the app set last, if any. */
  sessionTag: string | undefined;
  /** The `resultParams` of the app's `ReturnFromRedirect`, once it returned. */
  returnedWith: Record<string, string> | undefined;
  /** What the phone waits for. */
  waiting: HarnessWaiting = { kind: 'none' };
  /** Every answer body the app gave to `new` and `continue`, in order (validate them in tests). */
  readonly answers: unknown[] = [];
  /** A readable log of the session: `>` what the phone sent, `<` what it showed. */
  readonly transcript: string[] = [];

  private lastEvent: { event: 'new' | 'continue'; body: object } | undefined;

  constructor(
    private readonly app: UssdHandler,
    private readonly identity: HarnessIdentity,
  ) {}

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
   * no accessKey is re-asked by the gateway without calling the app, as the real gateway does.
   */
  async type(text: string): Promise<this> {
    const { waiting } = this;
    if (waiting.kind === 'chooser') {
      const item = waiting.view.items.find((candidate) => candidate.accessKey === text.trim());
      if (item === undefined) {
        this.transcript.push(`> ${text}`, `(gateway: invalid choice, asked again)`);
        this.show(`${gatewayScreens.invalidChoice}\n${renderChooser(waiting.view)}`);
        return this;
      }
      return this.reply(`> ${text}`, { type: 'InputResult', value: item.accessKey });
    }
    this.expectWaiting('input', `type "${text}"`);
    return this.reply(`> ${text}`, { type: 'InputResult', value: text });
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

  /** The gateway aborts the session (for example `{ type: 'InternalError' }`). */
  async abort(reason: AbortReason): Promise<this> {
    this.assertOpen(`abort ${reason.type}`);
    this.open = false;
    this.waiting = { kind: 'none' };
    this.transcript.push(`(gateway: abort ${reason.type})`);
    await this.post('abort', { ...this.base(), reason, contextData: this.contextData }, 'abort');
    return this;
  }

  /** Fails with the expected and actual screen and the transcript unless the screen matches. */
  expectScreen(expected: string | RegExp): this {
    const { screen } = this;
    if (typeof expected === 'string' ? screen === expected : expected.test(screen)) return this;
    throw new HarnessAssertionError(formatMismatch(expected, screen, this.transcript));
  }

  /**
   * Fails unless the screen fits the phone: GSM 7-bit septets within 182, or UCS-2 characters
   * within 80 when any character is outside GSM 7-bit (limits configurable).
   */
  expectScreenFits(limits: ScreenLimits = {}): this {
    const measure = measureScreen(this.screen, limits);
    if (!measure.fits) {
      throw new HarnessAssertionError(
        `Expected the screen to fit: it takes ${measure.length} of ${measure.limit} (${measure.encoding}).\n\n${this.describe()}`,
      );
    }
    return this;
  }

  /**
   * Sends the last `new` or `continue` event again, as a gateway retrying a request does, and
   * gives the app's answer without showing it (compare it with `answers.at(-1)`).
   */
  async replay(): Promise<{ status: number; body?: unknown }> {
    const last = this.lastEvent;
    if (last === undefined) throw new HarnessError('nothing to replay yet');
    this.transcript.push(`(gateway: ${last.event} sent again)`);
    return this.post(last.event, last.body, `the replayed ${last.event}`);
  }

  /** Fails unless the session is closed, with this reason when one is given. */
  expectClosed(reason?: CloseReasonType): this {
    if (this.open || (reason !== undefined && this.closeReason !== reason)) {
      const state = this.open ? 'still open' : `closed with ${String(this.closeReason)}`;
      throw new HarnessAssertionError(
        `Expected the session to be closed${reason === undefined ? '' : ` with ${reason}`}, but it is ${state}.\n\n${this.describe()}`,
      );
    }
    return this;
  }

  private base() {
    const { clientId, appId, sessionId } = this.identity;
    return { clientId, appId, sessionId };
  }

  private describe(): string {
    return `Screen:\n${this.screen}\n\nTranscript:\n${this.transcript.map((l) => `  ${l}`).join('\n')}`;
  }

  private assertOpen(what: string): void {
    if (!this.open) {
      throw new HarnessError(
        `cannot ${what}: the session is closed (${String(this.closeReason)})\n\n${this.describe()}`,
      );
    }
  }

  private expectWaiting(kind: HarnessWaiting['kind'], what: string): never | this {
    this.assertOpen(what);
    if (this.waiting.kind !== kind) {
      throw new HarnessError(
        `cannot ${what}: the phone waits for ${this.waiting.kind}, not ${kind}\n\n${this.describe()}`,
      );
    }
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
    if (reason !== 'End') this.screen = gatewayScreens[reason];
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
    this.lastEvent = { event, body };
    const answer = await this.post(event, body, event);
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
    const outcome = commandOutcome(command.action);
    this.waiting = outcome.waiting;
    if (outcome.note !== undefined) this.transcript.push(outcome.note);
    if (outcome.returnedWith !== undefined) this.returnedWith = outcome.returnedWith;
    if (outcome.screen !== undefined) this.show(outcome.screen);
    if (outcome.end) await this.close('End');
  }
}
