import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import type { PackageManager } from '../templates';
import { packageRoot } from './packageRoot';
import { REFRESH_SCRIPT } from './projectManifest';

/** The named build context that brings the tarballs of `--from` into a Docker build. */
const CONTEXT = 'ussdkit-tarballs';

/**
 * What a project made with `--from` needs beyond its package.json: npm's re-install script
 * (see projectManifest), and a Dockerfile and README that build with the tarballs, which lie
 * outside the project's folder, brought in as a named build context
 * (`docker build --build-context ussdkit-tarballs=../tarballs .`) and copied where the
 * lockfile's relative paths point from `/app`. Returns the files it added.
 */
export function fromTarballs(options: {
  readonly directory: string;
  readonly folder: string;
  readonly name: string;
  readonly packageManager: PackageManager;
}): string[] {
  const { directory } = options;
  const added: string[] = [];
  const npm = options.packageManager === 'npm';
  if (npm) {
    mkdirSync(join(directory, 'scripts'), { recursive: true });
    copyFileSync(
      join(packageRoot, 'extras', 'refresh-tarballs.mjs'),
      join(directory, REFRESH_SCRIPT),
    );
    added.push(REFRESH_SCRIPT);
  }
  const dockerfile = join(directory, 'Dockerfile');
  if (!existsSync(dockerfile)) return added;
  const folder = relative(directory, options.folder).split('\\').join('/') || '.';
  const build = `docker build --build-context ${CONTEXT}=${folder} -t ${options.name} .`;
  const copies = [
    `# The @ussdkit packages are the tarballs of \`--from\`, outside this folder: the build context`,
    `# ${CONTEXT} brings them where package.json's relative paths point from /app.`,
    `COPY --from=${CONTEXT} *.tgz ${posix.resolve('/app', folder)}/`,
    ...(npm ? [`COPY ${REFRESH_SCRIPT} ./scripts/`] : []),
  ];
  const text = readFileSync(dockerfile, 'utf8')
    .replace(`docker build -t ${options.name} .`, build)
    .replace(/^COPY package\.json /m, (line) => `${copies.join('\n')}\n${line}`);
  writeFileSync(dockerfile, text);
  const readme = join(directory, 'README.md');
  writeFileSync(
    readme,
    readFileSync(readme, 'utf8').replace(`docker build -t ${options.name} .`, build),
  );
  return added;
}
