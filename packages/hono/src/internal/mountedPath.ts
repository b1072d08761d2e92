/** How many segments each mount pattern has, worked out once per pattern (a route's is fixed). */
const mountDepths = new Map<string, number>();

/**
 * The request path relative to where the sub-app is mounted: `routePath` is the mount's pattern
 * plus `/*` (`/ussd/*`, `/apps/:id/*`), so as many leading segments as it has are dropped. Found
 * by scanning for slashes rather than splitting: this runs on every request.
 */
export function mountedPath(path: string, routePath: string): string {
  let depth = mountDepths.get(routePath);
  if (depth === undefined) {
    depth = routePath.split('/').filter((part) => part !== '' && part !== '*').length;
    mountDepths.set(routePath, depth);
  }
  let at = -1;
  for (let i = 0; i <= depth; i++) {
    at = path.indexOf('/', at + 1);
    if (at === -1) return '/';
  }
  return path.slice(at);
}
