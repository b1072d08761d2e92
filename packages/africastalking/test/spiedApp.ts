import type { HandleRequest } from '@ussdkit/router';
import type { ServableApp } from '../src/africasTalking';

/** One event the app received: its path's last part and its JSON body. */
export interface SeenEvent {
  readonly event: string;
  readonly body: Record<string, unknown>;
}

/** The app, with every event it is given recorded (the app itself still answers). */
export function spiedApp(app: ServableApp): { app: ServableApp; seen: SeenEvent[] } {
  const seen: SeenEvent[] = [];
  return {
    seen,
    app: {
      graph: app.graph,
      handle: (request: HandleRequest) => {
        seen.push({
          event: request.path.split('/').at(-1) ?? '',
          body: JSON.parse(request.body) as Record<string, unknown>,
        });
        return app.handle(request);
      },
    },
  };
}
