import type { CliIo } from './CliIo';

/**
 * `ussdkit dev <module>`: the command of `@ussdkit/reference-server/dev` (its options, rules and
 * messages), loaded only when asked for so that `ussdkit explore` starts no sandbox code.
 */
export async function devCommand(argv: readonly string[], io: CliIo): Promise<number | undefined> {
  const dev = await import('@ussdkit/reference-server/dev');
  return dev.devCommand(argv, io, { program: 'ussdkit dev' });
}

/**
 * `ussdkit dial <short code>`: the sandbox's terminal phone (`ussdkit-sandbox dial`), so that a
 * project with only `@ussdkit/testing` installed dials the sandbox `ussdkit dev` started.
 */
export async function dialCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const dev = await import('@ussdkit/reference-server/dev');
  return dev.createDialCommand()(argv, { ...io, onStop: () => {} });
}
