/**
 * A problem to mark on the flow map: what the explorer of `@ussdkit/testing` reports.
 *
 * @example
 * ```ts
 * const problem: FlowProblem = { kind: 'throws', screen: 'amount', message: 'Error: boom' };
 * ```
 */
export interface FlowProblem {
  readonly kind: string;
  readonly screen: string;
  readonly message: string;
  /** How to see it: what to dial and type. */
  readonly reproduce?: string;
}

/**
 * What a flow map needs of an app: a `@ussdkit/router` app (`createApp`'s result) has both.
 *
 * @example
 * ```ts
 * const drawn: FlowApp = createApp({ state, start: 'menu', screens });
 * ```
 */
export interface FlowApp {
  /** `app.graph`: screens, arrows and entry points. */
  readonly graph: {
    readonly start: string;
    readonly nodes: readonly { readonly name: string; readonly kind: string }[];
    readonly edges: readonly {
      readonly from: string;
      readonly to: string;
      readonly label: string;
    }[];
    readonly entries: readonly {
      readonly via: string;
      readonly key: string;
      readonly to: string;
    }[];
  };
  /** `app.observe`: the router's events, a `screen.shown` for each screen a session is on. */
  observe(observer: {
    readonly event?: (event: {
      readonly type: string;
      readonly sessionId?: string;
      readonly screen?: string;
    }) => void;
  }): () => void;
}

/**
 * Whether `value` can be drawn on a flow map (it has `graph` and `observe`).
 *
 * @example
 * ```ts
 * if (isFlowApp(module.app)) await publishFlow(module.app, { sandboxUrl, appId: 'dev' });
 * ```
 */
export function isFlowApp(value: unknown): value is FlowApp {
  const graph = (value as { graph?: { nodes?: unknown } } | null)?.graph;
  return (
    typeof (value as { observe?: unknown } | null)?.observe === 'function' &&
    Array.isArray(graph?.nodes)
  );
}

/**
 * Publishes an app's flow to a sandbox, for its web phone's flow map: `PUT
 * /sandbox/flows/{appId}` with the graph and the problems, then, while it runs, the screen each
 * session is on (`PUT /sandbox/flows/{appId}/sessions/{sessionId}`, from the router's
 * `screen.shown` events). `ussdkit dev` does it for the app it serves; an app served elsewhere
 * can too. Resolves with the function that stops following the sessions.
 *
 * @example
 * ```ts
 * const stop = await publishFlow(app, { sandboxUrl: 'http://127.0.0.1:4000', appId: 'demo-app' });
 * ```
 */
export async function publishFlow(
  app: FlowApp,
  options: {
    readonly sandboxUrl: string;
    readonly appId: string;
    readonly problems?: readonly FlowProblem[];
  },
): Promise<() => void> {
  const base = `${options.sandboxUrl}/sandbox/flows/${encodeURIComponent(options.appId)}`;
  const put = (url: string, body: unknown) =>
    fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const published = await put(base, { graph: app.graph, problems: options.problems ?? [] });
  if (!published.ok) {
    throw new Error(
      `the sandbox refused the flow of ${options.appId}: ${published.status} ${await published.text()}`,
    );
  }
  return app.observe({
    event: (event) => {
      if (
        event.type !== 'screen.shown' ||
        event.sessionId === undefined ||
        event.screen === undefined
      )
        return;
      const url = `${base}/sessions/${encodeURIComponent(event.sessionId)}`;
      // The map follows the phone; a lost update is redrawn by the next screen.
      put(url, { screen: event.screen }).catch(() => {});
    },
  });
}
