/** What `race` gives when the deadline passed first. */
export const timedOut: unique symbol = Symbol('deadline');

/** What `setTimeout` returns: an object on Node and Bun, a number on workerd, Deno and browsers. */
type TimerHandle = ReturnType<typeof setTimeout>;

/**
 * Lets a timer keep the process alive or not, where the runtime has that notion (Node's and Bun's
 * timer objects); a number has no `ref`/`unref`, and nothing to do.
 */
function keepAlive(timer: TimerHandle | undefined, alive: boolean): void {
  const handle = timer as { ref?: () => unknown; unref?: () => unknown } | undefined;
  if (typeof handle !== 'object' || handle === null) return;
  if (alive) handle.ref?.();
  else handle.unref?.();
}

/**
 * Whether this runtime's timers are process-wide objects (Node, Bun), probed once. workerd is
 * asked by name (`navigator.userAgent`, as Cloudflare documents): with `nodejs_compat` its timers
 * look like Node's, yet stay bound to their request.
 */
function sharesTimers(): boolean {
  const agent = (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent;
  if (agent === 'Cloudflare-Workers') return false;
  const probe = setTimeout(() => undefined, 0);
  clearTimeout(probe);
  return typeof probe === 'object' && probe !== null && 'unref' in probe;
}

/** One deadline on its own timer. */
function raceAlone<T>(work: Promise<T>, ms: number): Promise<T | typeof timedOut> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(timedOut), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

interface Entry {
  readonly expires: number;
  settled: boolean;
  readonly fire: () => void;
}

/**
 * Deadlines that all last the same time, on one timer. Since every entry lasts `ms`, they expire
 * in the order they were added: a queue and one timer armed for its head replace a `setTimeout`,
 * `clearTimeout` and `Promise.race` per event. Settled entries are dropped when the timer next
 * fires (or at once when they are at the head). The timer is unref'd while no deadline is
 * pending, so an idle app never keeps its process alive.
 *
 * The shared timer needs a long-lived process whose timers are objects (Node, Bun). Where
 * `setTimeout` gives a number (workerd, Deno, browsers), each deadline gets its own timer: workerd
 * binds a timer to the request that set it, so a timer shared across requests would never fire
 * for the next one.
 */
export class DeadlineQueue {
  readonly #ms: number;
  readonly #now: () => number;
  #entries: Entry[] = [];
  #head = 0;
  #pending = 0;
  #timer: TimerHandle | undefined;
  /** Whether deadlines share one timer; found out by the first `race` (see the class comment). */
  #shared: boolean | undefined;

  constructor(ms: number, now: () => number = performance.now.bind(performance)) {
    this.#ms = ms;
    this.#now = now;
  }

  /** Resolves with `work`'s value, or with {@link timedOut} when the deadline passes first. */
  race<T>(work: Promise<T>): Promise<T | typeof timedOut> {
    this.#shared ??= sharesTimers();
    if (!this.#shared) return raceAlone(work, this.#ms);
    return new Promise((resolve, reject) => {
      const entry: Entry = {
        expires: this.#now() + this.#ms,
        settled: false,
        fire: () => resolve(timedOut),
      };
      this.#add(entry);
      work.then(
        (value) => {
          this.#settle(entry);
          resolve(value);
        },
        (error: unknown) => {
          this.#settle(entry);
          reject(error);
        },
      );
    });
  }

  #add(entry: Entry): void {
    this.#entries.push(entry);
    this.#pending += 1;
    if (this.#timer === undefined) this.#arm(this.#ms);
    else if (this.#pending === 1) keepAlive(this.#timer, true);
  }

  #settle(entry: Entry): void {
    if (entry.settled) return;
    entry.settled = true;
    this.#pending -= 1;
    this.#dropSettledHead();
    if (this.#pending === 0) keepAlive(this.#timer, false);
  }

  #dropSettledHead(): void {
    const entries = this.#entries;
    while (this.#head < entries.length && entries[this.#head]?.settled === true) this.#head += 1;
    if (this.#head === entries.length) {
      this.#entries = [];
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > entries.length) {
      this.#entries = entries.slice(this.#head);
      this.#head = 0;
    }
  }

  #arm(delay: number): void {
    // setTimeout treats a delay past 2^31 - 1 ms as 1 ms.
    this.#timer = setTimeout(() => this.#expire(), Math.min(Math.max(0, delay), 2_147_483_647));
    if (this.#pending === 0) keepAlive(this.#timer, false);
  }

  #expire(): void {
    this.#timer = undefined;
    const now = this.#now();
    for (;;) {
      this.#dropSettledHead();
      const head = this.#entries[this.#head];
      if (head === undefined) return;
      if (head.expires > now) {
        this.#arm(head.expires - now);
        return;
      }
      this.#settle(head);
      head.fire();
    }
  }
}
