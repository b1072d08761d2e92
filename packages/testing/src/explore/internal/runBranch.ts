import type { AppObserver, ErrorInfo, RouterEvent } from '@ussdkit/router';
import type { UssdHarness } from '../../createHarness';
import { HarnessError } from '../../HarnessError';
import type { HarnessSession } from '../../HarnessSession';
import type { ExploreStart, ExploreStep } from '../ExploreStep';
import { applyStep, startSession } from './drive';

/** A branch of the walk: a start, a language, the steps after it and the nodes it passed. */
export interface Branch {
  readonly start: ExploreStart;
  readonly language: string;
  readonly steps: readonly ExploreStep[];
  readonly nodes: readonly string[];
}

/** What the app did during a branch's last step (the ones before were seen on shorter branches). */
export interface Observed {
  readonly events: RouterEvent[];
  readonly errors: { readonly error: unknown; readonly info: ErrorInfo }[];
}

/** How a branch ran: the session, and what the app did in its last step. */
export interface BranchRun {
  readonly session: HarnessSession | undefined;
  readonly seen: Observed;
  /** The first line of the harness's refusal of the app's answer (the gateway would abort). */
  readonly refused: string | undefined;
  /** The replay took another turn than the first run (an app that is not deterministic). */
  readonly diverged: boolean;
}

/**
 * Watches the app for the session being replayed, and picks the language of new sessions:
 * `observer` goes to `app.observe`.
 */
export class BranchRecorder {
  #current: (Observed & { readonly sessionId: string }) | undefined;
  #language: string | undefined;

  readonly observer: AppObserver = {
    language: () => this.#language,
    event: (event) => {
      if (this.#current?.sessionId === event.sessionId) this.#current.events.push(event);
    },
    error: (error, info) => {
      const current = this.#current;
      if (current !== undefined && current.sessionId === info.sessionId) {
        current.errors.push({ error, info });
      }
    },
  };

  /** Replays `branch` from its start as a new session, recording its last step. */
  async run(phone: UssdHarness, branch: Branch): Promise<BranchRun> {
    const sessionId = crypto.randomUUID();
    const record = () => {
      this.#current = { sessionId, events: [], errors: [] };
    };
    this.#language = branch.language;
    let session: HarnessSession | undefined;
    let refused: string | undefined;
    let diverged = false;
    try {
      const last = branch.steps.length - 1;
      if (last < 0) record();
      session = await startSession(phone, branch.start, sessionId);
      for (const [index, step] of branch.steps.entries()) {
        if (index === last) record();
        await applyStep(session, step);
      }
    } catch (error) {
      if (!(error instanceof HarnessError)) throw error;
      const line = error.message.split('\n')[0] ?? error.message;
      // Only the app's answer makes a fault; any other refusal is a replay that went elsewhere.
      if (line.startsWith('the app answered') || line.startsWith("the app's answer")) {
        refused = line;
      } else diverged = true;
    }
    const seen = this.#current ?? { events: [], errors: [] };
    this.#current = undefined;
    return { session, seen, refused, diverged };
  }
}
