import type { RouterEvent } from '../../RouterEvent';

/** A counter as the funnel uses it (an OpenTelemetry `Counter` is one). */
export interface FunnelCounter {
  add(value: number, attributes: Record<string, string>): void;
}

/**
 * The funnel of one event: a screen is entered when the session comes to it from elsewhere (a
 * re-shown screen after an invalid input, or a page turned, is no entry); it is left by an exit
 * (the next screen's name, `back`, `home`, or the reason the session ended there); and the
 * session is dropped on it when it ended there otherwise than by `End` (the customer read the
 * last screen), or when the event failed on it.
 */
export class ScreenFunnel {
  /** The screen the session is on, as far as this event knows. */
  #screen: string | undefined;
  /** The last screen known, kept after the session ended, for attributes. */
  #last: string | undefined;
  #via: 'back' | 'home' | undefined;

  constructor(
    private readonly counters: {
      readonly entered: FunnelCounter;
      readonly exits: FunnelCounter;
      readonly dropped: FunnelCounter;
    },
  ) {}

  get screen(): string | undefined {
    return this.#last;
  }

  /** The screen the session was on when the event arrived. */
  from(screen: string | undefined): void {
    this.#screen = screen;
    this.#last = screen;
  }

  see(event: RouterEvent): void {
    if (event.type === 'session.start') this.#last = event.screen;
    else if (event.type === 'back' || event.type === 'home') this.#via = event.type;
    else if (event.type === 'screen.shown') this.shown(event.screen);
    else if (event.type === 'session.end' && event.reason === 'TooManyAttempts')
      this.failed(event.reason);
    else if (event.type === 'session.end') this.leave(event.reason, event.reason !== 'End');
  }

  /**
   * The session is lost on its screen but kept in the store, on that screen, until the gateway's
   * close (`End`, after the last message), which counts the exit: counted as dropped only. An
   * event that failed (the customer saw `messages.unavailable`), or too many invalid inputs.
   */
  failed(reason = 'error'): void {
    const screen = this.#screen;
    if (screen !== undefined)
      this.counters.dropped.add(1, { 'ussd.screen': screen, 'ussd.reason': reason });
  }

  private shown(screen: string): void {
    const via = this.#via;
    this.#via = undefined;
    if (screen === this.#screen) return;
    if (this.#screen !== undefined) {
      this.counters.exits.add(1, { 'ussd.screen': this.#screen, 'ussd.exit': via ?? screen });
    }
    this.counters.entered.add(1, { 'ussd.screen': screen });
    this.#screen = screen;
    this.#last = screen;
  }

  private leave(reason: string, dropped: boolean): void {
    const screen = this.#screen;
    if (screen === undefined) return;
    this.counters.exits.add(1, { 'ussd.screen': screen, 'ussd.exit': reason });
    if (dropped) this.counters.dropped.add(1, { 'ussd.screen': screen, 'ussd.reason': reason });
    this.#screen = undefined;
  }
}
