import type { SessionCommandInput } from '@ussdkit/protocol';
import type { LooseContext } from '../engine/looseScreen';
import type { SessionData } from './SessionData';

/** One event being handled: the session data and the handlers' context. */
export interface Scope {
  readonly data: SessionData;
  readonly ctx: LooseContext;
}

/** What a handled event answers; `ended` when this answer ends the session. */
export interface Answer {
  readonly command: Omit<SessionCommandInput, 'contextData'>;
  readonly ended?: boolean;
}
