// `ussdkit dev` end to end, from the sources: the flow map it publishes to its sandbox carries
// the real explorer's problems of the app it serves, each with its reproduction.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

describe('ussdkit dev and the flow map', () => {
  let child: ChildProcess;
  let out = '';
  let url = '';

  beforeAll(async () => {
    child = spawn(
      process.execPath,
      [
        '--conditions=@ussdkit/source',
        '--import',
        'tsx',
        'src/cli/main.ts',
        'dev',
        'test/fixtures/faultyApp.ts',
        '--port',
        '0',
      ],
      { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    url = await new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match?.[1] !== undefined) resolve(match[1]);
      };
      child.stdout?.on('data', check);
      child.once('exit', () => reject(new Error(`dev exited:\n${out}`)));
    });
  });

  afterAll(async () => {
    if (child !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it("publishes the app's graph, then the explorer's problems on it", async () => {
    /** The flow, once the explorer's walk (run after the start) has marked it. */
    const marked = async () => {
      for (;;) {
        const flow = (await (await fetch(`${url}/sandbox/flows/dev`)).json()) as {
          graph: { start: string; nodes: { name: string }[] };
          problems: { kind: string; screen: string; reproduce?: string }[];
        };
        if (flow.problems.length > 0) return flow;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const flow = await marked();
    expect(flow.graph.start).toBe('menu');
    expect(flow.graph.nodes.map((node) => node.name)).toContain('amount');
    const throws = flow.problems.find((problem) => problem.kind === 'throws');
    expect(throws).toMatchObject({ screen: 'amount' });
    expect(throws?.reproduce).toMatch(
      /^npx ussdkit dial '\*384\*1#' \(a session in \w+\), then: 1 › 1000$/,
    );
    expect(new Set(flow.problems.map((problem) => problem.kind))).toEqual(
      new Set(['throws', 'too-long', 'deadline', 'invalid-answer', 'stuck']),
    );
  }, 60_000);
});
