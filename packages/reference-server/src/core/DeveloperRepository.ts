import type { Developer } from '../config/developerConfig';

/** Where the sandbox keeps developers. */
export interface DeveloperRepository {
  get(clientId: string): Developer | undefined;
  /** Adds or replaces a developer. */
  put(developer: Developer): void;
  list(): Developer[];
}

/**
 * Developers in a `Map`.
 *
 * @example
 * ```ts
 * const developers = memoryDeveloperRepository();
 * developers.put(developer);
 * ```
 */
export function memoryDeveloperRepository(): DeveloperRepository {
  const byId = new Map<string, Developer>();
  return {
    get: (clientId) => byId.get(clientId),
    put: (developer) => {
      byId.set(developer.clientId, developer);
    },
    list: () => [...byId.values()],
  };
}
