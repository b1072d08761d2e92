import { readFile } from 'node:fs/promises';
import { parseWire } from '@ussdkit/protocol';
import { type SandboxConfig, sandboxConfigSchema } from './SandboxConfig';

/**
 * Reads and validates a configuration file (JSON). Errors name the file and the failing field.
 *
 * @example
 * ```ts
 * const config = await loadConfigFile('sandbox.json');
 * const sandbox = await startSandbox({ config });
 * ```
 */
export async function loadConfigFile(path: string): Promise<SandboxConfig> {
  const text = await readFile(path, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  return parseWire(sandboxConfigSchema, value, `configuration ${path}`);
}
