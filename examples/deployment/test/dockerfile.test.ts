// The Dockerfile, checked without Docker (no daemon in CI): what it copies from the context
// exists and is not ignored, the build stage builds the files the images run, and the images
// run as a user other than root. `docker build` itself is left to the guide's reader.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('..', import.meta.url));
const root = join(folder, '..', '..');

/** One instruction: its keyword, its flags (`--from=build`) and its arguments. */
interface Instruction {
  readonly keyword: string;
  readonly flags: readonly string[];
  readonly args: readonly string[];
  readonly json: readonly string[] | undefined;
  readonly line: string;
}

/** Each stage's instructions, by stage name. */
function parseDockerfile(text: string): Map<string, Instruction[]> {
  const stages = new Map<string, Instruction[]>();
  let current: Instruction[] = [];
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  for (const line of logical) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const json = /^\w+\s+(?:--\S+\s+)*(?:CMD\s+)?(\[.*\])$/.exec(line)?.[1];
    const instruction = {
      keyword: keyword.toUpperCase(),
      flags: rest.filter((word) => word.startsWith('--')),
      args: rest.filter((word) => !word.startsWith('--')),
      json: json === undefined ? undefined : (JSON.parse(json) as string[]),
      line,
    };
    if (instruction.keyword === 'FROM') {
      current = [];
      const as = instruction.args.findIndex((word) => word.toUpperCase() === 'AS');
      stages.set(instruction.args[as + 1] ?? `stage-${stages.size}`, current);
    }
    current.push(instruction);
  }
  return stages;
}

const stages = parseDockerfile(readFileSync(join(folder, 'Dockerfile'), 'utf8'));
const ignored = readFileSync(join(folder, 'Dockerfile.dockerignore'), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'));

function stage(name: string): Instruction[] {
  const found = stages.get(name);
  if (found === undefined) throw new Error(`no stage ${name}`);
  return found;
}

/** The stages an image is made of, its own last (FROM runtime AS express). */
function lineage(name: string): Instruction[] {
  const own = stage(name);
  const base = own[0]?.args[0] ?? '';
  return stages.has(base) ? [...lineage(base), ...own.slice(1)] : own;
}

describe('examples/deployment/Dockerfile', () => {
  beforeAll(() => {
    // What the build stage runs for the example (the packages' dist/ are not the images' CMD).
    execFileSync('pnpm', ['--filter', '@ussdkit-examples/deployment', 'run', 'build'], {
      cwd: root,
      stdio: 'pipe',
    });
  }, 120_000);

  it('copies from the context only files that exist and are not ignored', () => {
    const copies = [...stages.values()]
      .flat()
      .filter((i) => i.keyword === 'COPY' && !i.flags.some((f) => f.startsWith('--from')));
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      for (const source of copy.args.slice(0, -1)) {
        if (source === '.') continue;
        expect(existsSync(join(root, source)), `${source} (${copy.line})`).toBe(true);
        expect(ignored, source).not.toContain(source);
      }
    }
    // The lockfile, which the build installs from, and the manifests it needs.
    expect(ignored).not.toContain('pnpm-lock.yaml');
  });

  it('deploys this example into /app, where the images run it', () => {
    const build = stage('build').map((i) => i.line);
    expect(build).toContainEqual(
      expect.stringMatching(
        /--filter @ussdkit-examples\/deployment\s+deploy --prod --offline \/app$/,
      ),
    );
    expect(build).toContainEqual(
      expect.stringContaining('pnpm --filter @ussdkit-examples/deployment run build'),
    );
    const runtime = stage('runtime');
    expect(runtime.find((i) => i.keyword === 'WORKDIR')?.args).toEqual(['/app']);
    expect(runtime.filter((i) => i.keyword === 'COPY').map((i) => i.args[0])).toEqual([
      '/app/package.json',
      '/app/node_modules',
      '/app/dist',
    ]);
  });

  it.each([
    ['express', 'dist/express.js'],
    ['hono', 'dist/hono.js'],
  ])('the %s image runs %s, which the build makes, as a user other than root', (name, file) => {
    const image = lineage(name);
    const cmd = image.filter((i) => i.keyword === 'CMD').at(-1);
    expect(cmd?.json).toEqual(['node', file]);
    expect(existsSync(join(folder, file))).toBe(true);
    const user = image.filter((i) => i.keyword === 'USER').at(-1)?.args[0];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    const healthcheck = image.find((i) => i.keyword === 'HEALTHCHECK');
    expect(healthcheck?.json).toEqual(['node', 'dist/healthcheck.js']);
    expect(existsSync(join(folder, 'dist/healthcheck.js'))).toBe(true);
    expect(image.find((i) => i.keyword === 'EXPOSE')?.args).toEqual(['3000']);
  });

  it('is shown in docs/deploying.md as it is', () => {
    const dockerfile = readFileSync(join(folder, 'Dockerfile'), 'utf8');
    const guide = readFileSync(join(root, 'docs', 'deploying.md'), 'utf8');
    expect(guide).toContain(`\`\`\`dockerfile\n${dockerfile}\`\`\``);
  });
});
