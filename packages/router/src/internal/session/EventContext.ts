import type { SessionStart } from '../../Context';
import { UnknownLanguageError } from '../../UnknownLanguageError';
import type { Locales } from '../engine/locales';
import type { LooseContext } from '../engine/looseScreen';
import type { EventSignal } from './eventSignal';
import type { SessionData } from './SessionData';

/** `ctx.go`: one function for every context, since it needs nothing from the session. */
const go = <T extends string>(target: T) => ({ go: target });

/**
 * The `ctx` of one event. A class, so that its accessors and `go` are made once on the
 * prototype: an object literal with getters made new functions for every event. What may be
 * taken off the context and called alone (`go`, `setLanguage`) does not depend on `this`.
 */
export class EventContext implements LooseContext {
  state: unknown;
  readonly sessionId: string;
  readonly msisdn: string;
  readonly operator: string;
  readonly start: SessionStart;
  readonly go = go;
  readonly #data: SessionData;
  readonly #signal: EventSignal;
  readonly #locales: Locales;

  constructor(data: SessionData, sessionId: string, signal: EventSignal, locales: Locales) {
    this.state = data.state;
    this.sessionId = sessionId;
    this.msisdn = data.msisdn;
    this.operator = data.operator;
    this.start = data.start;
    this.#data = data;
    this.#signal = signal;
    this.#locales = locales;
  }

  /** Made on first read (see EventSignal). */
  get signal(): AbortSignal {
    return this.#signal.signal;
  }

  /** Read from the session each time: `setLanguage` changes it for what follows. */
  get language(): string {
    return this.#locales.of(this.#data.language).language;
  }

  /** Made when read, bound to the session, so `const { setLanguage } = ctx` works too. */
  get setLanguage(): (language: string) => void {
    const data = this.#data;
    const locales = this.#locales;
    return (language: string) => {
      if (!locales.has(language)) throw new UnknownLanguageError(language, locales.languages);
      data.language = language;
    };
  }
}
