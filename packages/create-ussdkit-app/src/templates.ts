/**
 * The project templates: an Express server, a Hono server (both on Node, with a Dockerfile), or
 * a Cloudflare Worker with its sessions in a Durable Object (`wrangler.toml`).
 *
 * @example
 * ```ts
 * templates.includes('hono'); // true
 * ```
 */
export const templates = ['express', 'hono', 'workers'] as const;

/** One of {@link templates}. */
export type Template = (typeof templates)[number];

/**
 * The package managers a project can be set up for: its README, its Dockerfile and the next
 * steps printed name that manager's commands.
 *
 * @example
 * ```ts
 * packageManagers.includes('pnpm'); // true
 * ```
 */
export const packageManagers = ['npm', 'pnpm'] as const;

/** One of {@link packageManagers}. */
export type PackageManager = (typeof packageManagers)[number];

/** Whether `value` names a template. */
export function isTemplate(value: string): value is Template {
  return (templates as readonly string[]).includes(value);
}

/** Whether `value` names a package manager. */
export function isPackageManager(value: string): value is PackageManager {
  return (packageManagers as readonly string[]).includes(value);
}
