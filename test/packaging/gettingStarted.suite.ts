// docs/getting-started.md, run as a newcomer would: the second block of "2. Install" makes a
// project from the tarballs (USSDKIT is the clone), `tsc --init` writes its tsconfig.json, the
// files of sections 3 to 6 are saved where the guide says, then they compile and their tests pass.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../scripts/release-check.mjs';
import { guideFiles, installBlocks } from './support/gettingStartedGuide';
import { run, tempFolder, typeCheck } from './support/npmProject';

export function gettingStartedSuite(): void {
  describe('docs/getting-started.md, run as written', () => {
    const home = tempFolder('getting-started');
    const project = join(home.path, 'my-ussd-app');
    const tsc = join('node_modules', 'typescript', 'bin', 'tsc');

    beforeAll(() => {
      run(home.path, 'bash', ['-euo', 'pipefail', '-c', installBlocks().newProject], {
        env: { USSDKIT: root },
      });
      for (const { to, from } of guideFiles()) {
        mkdirSync(dirname(join(project, to)), { recursive: true });
        copyFileSync(join(root, from), join(project, to));
      }
    }, 600_000);

    afterAll(() => home.remove());

    it('asks the reader to save the app, the server and two tests under src/', () => {
      expect(guideFiles().map(({ to }) => to)).toEqual([
        'src/firstApp.ts',
        'src/firstServer.ts',
        'src/firstApp.harness.test.ts',
        'src/firstApp.sandbox.test.ts',
      ]);
    });

    it('compiles with the tsconfig.json `tsc --init` wrote', () => {
      const version = run(project, 'node', [tsc, '-v']).trim();
      expect(typeCheck(project, tsc, 'tsconfig.json').errors, version).toEqual([]);
    });

    it('compiles in a strict project without exactOptionalPropertyTypes', () => {
      writeFileSync(
        join(project, 'tsconfig.loose.json'),
        JSON.stringify({
          extends: './tsconfig.json',
          compilerOptions: { exactOptionalPropertyTypes: false },
        }),
      );
      expect(typeCheck(project, tsc, 'tsconfig.loose.json').errors).toEqual([]);
    });

    it('passes its harness test and its sandbox test with `npx vitest run`', () => {
      const output = stripVTControlCharacters(
        run(project, 'npx', ['vitest', 'run'], { env: { CI: 'true', NO_COLOR: '1' } }),
      );
      expect(output).toMatch(/Test Files\s+2 passed/);
      expect(output).toMatch(/Tests\s+3 passed/);
    });

    it('has the sandbox command `npx ussdkit-sandbox`', () => {
      expect(run(project, 'npx', ['ussdkit-sandbox', '--help'])).toContain('--port');
    });
  });
}
