import type { PackageManager } from '../templates';

/**
 * The words the templates' `{{...}}` placeholders stand for, per package manager: the README's
 * commands, the Dockerfile's lockfile and production install.
 */
export function packageManagerWords(packageManager: PackageManager): Record<string, string> {
  return packageManager === 'pnpm'
    ? {
        install: 'pnpm install',
        run: 'pnpm',
        exec: 'pnpm exec',
        lockfile: 'pnpm-lock.yaml',
        ciInstall: 'corepack enable && pnpm install --frozen-lockfile --prod',
      }
    : {
        install: 'npm install',
        run: 'npm run',
        exec: 'npx',
        lockfile: 'package-lock.json',
        ciInstall: 'npm ci --omit=dev',
      };
}
