import { createHarness, type HarnessOptions } from '../createHarness';
import type { HarnessSession } from '../HarnessSession';
import type { ExplorableApp } from './ExploreOptions';
import type { ExploreProblem } from './ExploreResult';
import type { ExploreStart } from './ExploreStep';
import { applyStep, startSession } from './internal/drive';

/**
 * Replays a problem {@link explore} found, in the harness: the same start, in the same language,
 * with the same inputs. Resolves to the session where the fault shows (or rejects with the
 * `HarnessError` of an `invalid-answer`), for a test to check, or to read its transcript.
 *
 * @example
 * ```ts
 * const [problem] = (await explore(app)).problems;
 * if (problem) console.log((await reproduce(app, problem)).transcript.join('\n'));
 * ```
 */
export async function reproduce(
  app: ExplorableApp,
  problem: Pick<ExploreProblem, 'start' | 'steps' | 'language'>,
  options: HarnessOptions = {},
): Promise<HarnessSession> {
  const { language } = problem;
  const stop = app.observe({ language: () => language });
  try {
    const session = await startSession(
      createHarness(app, options),
      parseStart(problem.start),
      crypto.randomUUID(),
    );
    for (const step of problem.steps) await applyStep(session, step);
    return session;
  } finally {
    stop();
  }
}

/** Reads back `describeStart`'s text. */
function parseStart(start: string): ExploreStart {
  if (start.startsWith('dial ')) return { dial: start.slice('dial '.length) };
  if (start.startsWith('push ')) return { push: JSON.parse(start.slice('push '.length)) as string };
  const process = start.slice('redirect in'.length).trim();
  return { redirectIn: process === '' ? null : JSON.parse(process) };
}
