/**
 * @module create-ussdkit-app
 *
 * Start a ussdkit USSD app: `npm create ussdkit-app@latest my-app` asks for a template (Express,
 * Hono, Cloudflare Workers) and a package manager, then writes the project. The same, from code:
 * {@link createProject}.
 */
export * from './createProject';
export * from './parseCliArgs';
export * from './TargetNotEmptyError';
export * from './templates';
export * from './UsageError';
