// wrangler.toml is what `wrangler deploy` reads and what `pnpm dev` and the tests run with:
// its binding must name the class the Worker exports, and a migration must create that class.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWranglerConfig } from '../scripts/wranglerConfig';
import * as worker from '../src/worker';

describe('wrangler.toml', () => {
  const config = readWranglerConfig();

  it('binds USSD_SESSIONS to the UssdSessionObject the Worker exports, created by a migration', () => {
    expect(config.durableObjects).toEqual({ USSD_SESSIONS: 'UssdSessionObject' });
    expect(config.migratedClasses).toEqual(['UssdSessionObject']);
    expect(Object.keys(worker).sort()).toEqual(['UssdSessionObject', 'default']);
  });

  it('points at src/worker.ts and sets a compatibility date, with no flag', () => {
    expect(join(import.meta.dirname, '..', config.main)).toBe(
      join(import.meta.dirname, '..', 'src', 'worker.ts'),
    );
    expect(config.compatibilityDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(config.compatibilityFlags).toEqual([]);
  });
});
