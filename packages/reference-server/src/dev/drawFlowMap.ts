import { type FlowApp, type FlowProblem, isFlowApp, publishFlow } from './publishFlow';

/**
 * The web phone's flow map of the app `dev` serves (app id `dev`): its graph at once, the
 * explorer's problems once its walk ends (in the background: `dev` does not wait for it), and the
 * screen of each session as the phone moves. Sessions the explorer runs are not followed.
 */
export function drawFlowMap(
  sandboxUrl: string,
  options: { readonly explore?: ((app: FlowApp) => Promise<readonly FlowProblem[]>) | undefined },
  log: (text: string) => void,
) {
  let stop: (() => void) | undefined;
  let latest: unknown;
  let closed = false;
  const publish = async (app: FlowApp, problems: readonly FlowProblem[] = []) => {
    stop?.();
    stop = undefined;
    if (!closed) stop = await publishFlow(app, { sandboxUrl, appId: 'dev', problems });
  };
  const failed = (error: unknown) => {
    if (!closed)
      log(
        `ussdkit dev: the flow map is not drawn: ${error instanceof Error ? error.message : String(error)}`,
      );
  };
  const explore = async (app: FlowApp, walk: (app: FlowApp) => Promise<readonly FlowProblem[]>) => {
    stop?.();
    const problems = await walk(app);
    // A newer version may have loaded meanwhile: its own walk marks its map.
    if (latest === app) await publish(app, problems);
  };
  return {
    /** Publishes the app's graph; resolves then, its problems following when found. */
    async follow(app: unknown): Promise<void> {
      latest = app;
      if (!isFlowApp(app)) return;
      await publish(app).catch(failed);
      if (options.explore !== undefined) explore(app, options.explore).catch(failed);
    },
    stop() {
      closed = true;
      stop?.();
    },
  };
}
