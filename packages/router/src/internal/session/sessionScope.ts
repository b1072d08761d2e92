import type { z } from 'zod';
import { EventContext } from './EventContext';
import type { EventSignal } from './eventSignal';
import type { RunnerConfig } from './RunnerConfig';
import type { Answer, Scope } from './Scope';
import type { SessionData } from './SessionData';

/** What a handled event leaves: the answer, and the session's data (undefined once it ended). */
export interface Handled {
  readonly answer: Answer;
  readonly data: SessionData | undefined;
  /** The session was not found, or cannot go on in this version: it starts again on next dial. */
  readonly restarted?: boolean;
}

/** An InfoView answer that ends the session. */
export const infoAnswer = (message: string): Answer => ({
  command: { action: { type: 'ShowView', view: { type: 'InfoView', message } } },
  ended: true,
});

/** The data and `ctx` of one event. */
export function scopeOf(
  config: RunnerConfig,
  data: SessionData,
  sessionId: string,
  signal: EventSignal,
): Scope {
  return { data, ctx: new EventContext(data, sessionId, signal, config.locales) };
}

/** The schema of the state the handlers see: the app's, or the innermost flow's. */
function schemaOf(config: RunnerConfig, data: SessionData): z.ZodType {
  return config.flows?.schemaOf(data) ?? config.stateSchema;
}

/** Checks the state the handlers left against the schema (a bug fails here, not on load). */
export function finish(config: RunnerConfig, scope: Scope, answer: Answer): Handled {
  const checked = schemaOf(config, scope.data).safeParse(scope.ctx.state);
  if (!checked.success) {
    throw new Error(`the session state does not match the state schema: ${checked.error.message}`, {
      cause: checked.error,
    });
  }
  scope.data.state = checked.data;
  return { answer, data: scope.data };
}
