import type { Developer } from '../config/developerConfig';

/** Where the service keeps developers. */
export interface DeveloperRepository {
  get(clientId: string): Developer | undefined;
  /** Adds or replaces a developer. */
  put(developer: Developer): void;
  /**
   * Changes a developer in place (so a developer object read before sees the change, as the msw
   * handlers' `service.developers` promises); the developer, or `undefined` when there is none.
   */
  update(clientId: string, change: (developer: Developer) => void): Developer | undefined;
  list(): Developer[];
}

/**
 * Developers in a `Map` by client id, which is itself the repository: readable and writable as a
 * `Map` too (the msw handlers expose it as `service.developers`).
 *
 * @example
 * ```ts
 * const developers = memoryDeveloperRepository();
 * developers.put(developer);
 * developers.update('demo-client', (d) => { d.balance -= 100; });
 * ```
 */
export function memoryDeveloperRepository(): DeveloperRepository & Map<string, Developer> {
  return new DeveloperMap();
}

class DeveloperMap extends Map<string, Developer> implements DeveloperRepository {
  put(developer: Developer): void {
    this.set(developer.clientId, developer);
  }

  update(clientId: string, change: (developer: Developer) => void): Developer | undefined {
    const developer = this.get(clientId);
    if (developer !== undefined) change(developer);
    return developer;
  }

  list(): Developer[] {
    return [...this.values()];
  }
}
