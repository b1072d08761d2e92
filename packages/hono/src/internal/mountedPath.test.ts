import { describe, expect, it } from 'vitest';
import { mountedPath } from './mountedPath';

/** The first spelling: split on slashes, drop the mount's segments, join again. */
function bySplitting(path: string, routePath: string): string {
  const mountSegments = routePath.split('/').filter((part) => part !== '' && part !== '*').length;
  return `/${path
    .split('/')
    .slice(mountSegments + 1)
    .join('/')}`;
}

describe('mountedPath', () => {
  it('drops as many leading segments as the mount pattern has, as splitting does', () => {
    const cases: [string, string][] = [
      ['/ussd/ussdSessionEvent/new', '/ussd/*'],
      ['/apps/7/ussdSessionEvent/continue', '/apps/:id/*'],
      ['/ussdSessionEvent/close', '/*'],
      ['/ussd', '/ussd/*'],
      ['/ussd/', '/ussd/*'],
      ['/ussd//ussdSessionEvent/new', '/ussd/*'],
      ['/a/b/c/ussdSessionEvent/abort/', '/a/b/c/*'],
      ['/a', '/a/b/c/*'],
    ];
    for (const [path, route] of cases)
      expect(mountedPath(path, route)).toBe(bySplitting(path, route));
    expect(mountedPath('/apps/7/ussdSessionEvent/new', '/apps/:id/*')).toBe(
      '/ussdSessionEvent/new',
    );
  });
});
