import type { ExploreProblem, ExploreResult } from '../explore/ExploreResult';

/** Quotes a value for a POSIX shell when it needs it. */
const shell = (text: string) =>
  /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;

/** What to type after `ussdkit dial`: readable, each input shown (an empty one as `""`). */
const typed = (input: string) =>
  input === ''
    ? '""'
    : input.length > 24
      ? `${JSON.stringify(input.slice(0, 12))}… (${input.length} characters)`
      : input;

/**
 * How to see the problem on the sandbox's terminal phone, in the user's own project: `npx ussdkit
 * dial` (the bin of `@ussdkit/testing`, which any package manager links) beside `npx ussdkit dev`.
 */
export function reproduction(problem: ExploreProblem): string {
  const start = problem.start.startsWith('dial ')
    ? `npx ussdkit dial ${shell(problem.start.slice('dial '.length))}`
    : `(${problem.start})`;
  const language = problem.language === undefined ? '' : ` (a session in ${problem.language})`;
  const inputs =
    problem.inputs.length === 0 ? '' : `, then: ${problem.inputs.map(typed).join(' › ')}`;
  return `${start}${language}${inputs}`;
}

/** The readable report of `ussdkit explore`: screens and coverage, then each problem. */
export function formatReport(name: string, result: ExploreResult): string {
  const { coverage, problems } = result;
  const screens = coverage.screens;
  const width = Math.max(...screens.map((screen) => screen.name.length), 6);
  const lines = [
    `ussdkit explore ${name}: ${coverage.sessions} sessions, ${screens.length - coverage.unreached.length} of ${screens.length} screens shown${coverage.truncated ? ' (stopped at maxSessions: not every branch was tried)' : ''}`,
    '',
    'Screens',
    ...screens.map(
      (screen) =>
        `  ${screen.name.padEnd(width)}  ${screen.kind.padEnd(18)}  ${screen.shown === 0 ? 'never shown' : `shown ${screen.shown}×`}`,
    ),
    '',
  ];
  if (problems.length === 0) {
    lines.push('No problems found.');
    return lines.join('\n');
  }
  lines.push(
    `${problems.length} problem${problems.length === 1 ? '' : 's'} (to see one on the terminal phone: \`npx ussdkit dev ${name}\` in one terminal, its reproduce line in another)`,
  );
  for (const problem of problems) {
    lines.push(
      '',
      `  ✗ ${problem.kind} on ${problem.screen}${problem.language === undefined ? '' : ` (${problem.language})`}`,
      `    ${problem.message}`,
      `    reproduce: ${reproduction(problem)}`,
    );
  }
  return lines.join('\n');
}
