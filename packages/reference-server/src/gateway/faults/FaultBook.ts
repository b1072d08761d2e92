import type { AppEventName } from '../apps/describeAppFailure';
import { type FaultKind, faultKinds, type GatewayFaults } from './gatewayFaultsSchema';
import { seededRandom } from './seededRandom';

/** The events each kind of fault can touch. */
const touches: Record<FaultKind, readonly AppEventName[]> = {
  delay: ['new', 'continue', 'close', 'abort'],
  duplicate: ['new', 'continue'],
  reorder: ['continue'],
  dropAnswer: ['new', 'continue'],
  cut: ['new', 'continue'],
  corruptContextData: ['continue', 'close', 'abort'],
};

/**
 * The faults decided for one event: each kind that fires, and the delay's length.
 *
 * @example
 * ```ts
 * const plan = book.plan('shop', 'continue');
 * if (plan.has('duplicate')) await post(json);
 * ```
 */
export interface FaultPlan {
  has(kind: FaultKind): boolean;
  /** Milliseconds to wait before sending, when `delay` fires. */
  readonly delayMs: number;
}

/** A plan with no fault: the gateway behaves as it always does. */
export const NO_FAULTS: FaultPlan = { has: () => false, delayMs: 0 };

/**
 * The faults set for each app, with each app's seeded generator: `plan` draws once per kind
 * that can touch the event, in a fixed order, so a seed gives the same faults for the same
 * sequence of events.
 *
 * @example
 * ```ts
 * const book = new FaultBook();
 * book.set('shop', { seed: 3, cut: {} });
 * book.plan('shop', 'new').has('cut'); // true
 * ```
 */
export class FaultBook {
  readonly #apps = new Map<string, { faults: GatewayFaults; random: () => number }>();

  /** Replaces the faults of an app (and restarts its generator from the seed). */
  set(appId: string, faults: GatewayFaults): void {
    if (faultKinds.every((kind) => faults[kind] === undefined)) {
      this.#apps.delete(appId);
      return;
    }
    this.#apps.set(appId, { faults, random: seededRandom(faults.seed ?? 1) });
  }

  /** The faults of an app as they were set; `{}` when none. */
  get(appId: string): GatewayFaults {
    return this.#apps.get(appId)?.faults ?? {};
  }

  clear(appId: string): void {
    this.#apps.delete(appId);
  }

  /** Decides which faults touch this event of the app. */
  plan(appId: string, event: AppEventName): FaultPlan {
    const entry = this.#apps.get(appId);
    if (entry === undefined) return NO_FAULTS;
    const fired = new Set<FaultKind>();
    for (const kind of faultKinds) {
      const fault = entry.faults[kind];
      if (fault === undefined || !touches[kind].includes(event)) continue;
      if (entry.random() < (fault.probability ?? 1)) fired.add(kind);
    }
    if (fired.size === 0) return NO_FAULTS;
    return { has: (kind) => fired.has(kind), delayMs: entry.faults.delay?.ms ?? 0 };
  }
}
