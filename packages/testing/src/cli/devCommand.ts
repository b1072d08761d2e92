import type { CliIo } from './CliIo';
import { reproduction } from './formatReport';
import { isApp } from './loadApp';

/**
 * `ussdkit dev <module>`: the command of `@ussdkit/reference-server/dev` (its options, rules and
 * messages), loaded only when asked for so that `ussdkit explore` starts no sandbox code. The
 * explorer walks each version of the app it loads, and its problems are marked on the web phone's
 * flow map.
 */
export async function devCommand(argv: readonly string[], io: CliIo): Promise<number | undefined> {
  const dev = await import('@ussdkit/reference-server/dev');
  return dev.devCommand(argv, io, {
    program: 'ussdkit dev',
    explore: async (app, authToken) => {
      // Anything with `handle` can be served; only a router app can be walked.
      if (!isApp(app)) return [];
      const { explore } = await import('../explore/explore');
      const { problems } = await explore(app, { harness: { authToken } });
      return problems.map((problem) => ({
        kind: problem.kind,
        screen: problem.screen,
        message: problem.message,
        reproduce: reproduction(problem),
      }));
    },
  });
}

/**
 * `ussdkit dial <short code>`: the sandbox's terminal phone (`ussdkit-sandbox dial`), so that a
 * project with only `@ussdkit/testing` installed dials the sandbox `ussdkit dev` started.
 */
export async function dialCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const dev = await import('@ussdkit/reference-server/dev');
  return dev.createDialCommand()(argv, { ...io, onStop: () => {} });
}
