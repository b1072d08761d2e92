import type { PublishedFlow } from './PublishedFlow';

/** Sessions whose screen is remembered per app, at most; the oldest is forgotten first. */
const MAX_SESSIONS = 1000;

/**
 * The flows apps published to the sandbox, by app id, with the screen each of their sessions is
 * on (kept in memory, as the sandbox keeps everything; a republished flow keeps the screens).
 *
 * @example
 * ```ts
 * const flows = flowRegistry();
 * flows.publish('dev', { graph: app.graph, problems: [] });
 * flows.screen('dev', sessionId, 'amount');
 * ```
 */
export function flowRegistry() {
  const flows = new Map<string, PublishedFlow>();
  const screens = new Map<string, Map<string, string>>();
  return {
    publish(appId: string, flow: PublishedFlow): void {
      flows.set(appId, flow);
    },
    screen(appId: string, sessionId: string, screen: string): void {
      let sessions = screens.get(appId);
      if (sessions === undefined) {
        sessions = new Map();
        screens.set(appId, sessions);
      }
      sessions.delete(sessionId);
      sessions.set(sessionId, screen);
      if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value ?? '');
    },
    get(appId: string): PublishedFlow | undefined {
      return flows.get(appId);
    },
    screenOf(appId: string, sessionId: string): string | undefined {
      return screens.get(appId)?.get(sessionId);
    },
    appIds(): string[] {
      return [...flows.keys()];
    },
  };
}

/** What {@link flowRegistry} returns. */
export type FlowRegistry = ReturnType<typeof flowRegistry>;
