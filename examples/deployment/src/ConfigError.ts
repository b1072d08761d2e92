/**
 * The environment does not configure the server: each problem names the variable and what to
 * change. Values are never repeated, since some are secrets.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(readonly problems: readonly string[]) {
    super(`Fix the environment:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  }
}
