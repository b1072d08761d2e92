import type { NewSession } from '@ussdkit/protocol';
import type { AppObserver } from '../../AppObserver';
import type { ErrorInfo } from '../../ErrorInfo';
import type { RouterEvent } from '../../RouterEvent';

/**
 * The observers of one app (`app.observe`). Observers never break an answer: what they throw
 * is dropped.
 */
export class AppObservers {
  readonly #all = new Set<AppObserver>();

  /** `changed` is told when the first observer comes or the last one goes. */
  constructor(private readonly changed: () => void = () => {}) {}

  /** Adds an observer; the returned function removes it. */
  add(observer: AppObserver): () => void {
    this.#all.add(observer);
    if (this.#all.size === 1) this.changed();
    return () => {
      if (this.#all.delete(observer) && this.#all.size === 0) this.changed();
    };
  }

  get empty(): boolean {
    return this.#all.size === 0;
  }

  event(event: RouterEvent): void {
    for (const observer of this.#all) {
      try {
        observer.event?.(event);
      } catch {
        // An observer must not break the answer.
      }
    }
  }

  error(error: unknown, info: ErrorInfo): void {
    for (const observer of this.#all) {
      try {
        observer.error?.(error, info);
      } catch {
        // An observer must not break the answer.
      }
    }
  }

  language(event: NewSession): string | undefined {
    for (const observer of this.#all) {
      const picked = observer.language?.(event);
      if (picked !== undefined) return picked;
    }
    return undefined;
  }
}
