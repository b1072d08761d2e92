import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createUpstreamValidator } from '@ussdkit/protocol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningRedis, redisBackends } from './support/redisBackends';
import { redisFlowApp } from './support/redisFlow';

type Request = { path: string; headers: Record<string, string>; body: string };
type Answer = { status: number; body?: unknown };

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..', '..');
const validator = createUpstreamValidator();
const keyPrefix = `two-processes-${process.pid}:`;

const base = (sessionId: string) => ({ clientId: 'c1', appId: 'a1', sessionId });
const newEvent = (sessionId: string): Request => ({
  path: '/ussdSessionEvent/new',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    ...base(sessionId),
    msisdn: '+2348030000000',
    operator: 'mtn',
    input: { type: 'Dial', shortcodeString: '*384*1#' },
  }),
});
const continueEvent = (sessionId: string, value: string, contextData: string): Request => ({
  path: '/ussdSessionEvent/continue',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    ...base(sessionId),
    result: { type: 'InputResult', value },
    contextData,
  }),
});

function command(answer: Answer): { message: string; contextData: string; type: string } {
  expect(answer.status).toBe(200);
  expect(validator.appResponse(answer.body).errors).toEqual([]);
  const body = answer.body as {
    action: { view: { type: string; message: string } };
    contextData: string;
  };
  return {
    message: body.action.view.message,
    type: body.action.view.type,
    contextData: body.contextData,
  };
}

describe.each(redisBackends)('two app processes sharing $name', (backend) => {
  let running: RunningRedis;
  let child: ChildProcessWithoutNullStreams;
  let local: ReturnType<typeof redisFlowApp>;
  const pending = new Map<number, (answer: Answer) => void>();
  let nextId = 0;

  /** Sends one request to the app in the child process. */
  function remote(request: Request): Promise<Answer> {
    const id = ++nextId;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ id, request })}\n`);
    });
  }

  beforeAll(async () => {
    running = await backend.start();
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--conditions=@ussdkit/source',
        join(here, 'support', 'redisAppProcess.ts'),
      ],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          REDIS_TARGET: JSON.stringify(running.target),
          KEY_PREFIX: keyPrefix,
        },
      },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const lines = createInterface({ input: child.stdout });
    const ready = new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`app process exited (${code}):\n${errors}`)));
      lines.on('line', (line) => {
        if (line === 'ready') return resolve();
        const message = JSON.parse(line) as { id: number; answer?: Answer; error?: string };
        pending.get(message.id)?.(message.answer ?? { status: 599, body: message.error });
        pending.delete(message.id);
      });
    });
    await ready;
    local = redisFlowApp(running.target, keyPrefix);
  }, 60_000);

  afterAll(async () => {
    if (child !== undefined && child.exitCode === null) {
      child.stdin.end();
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    }
    local?.client.disconnect();
    await running?.stop();
  });

  it('serve alternate events of one session correctly', async () => {
    const id = 'alternate-1';
    const first = command(await remote(newEvent(id)));
    expect(first.message).toBe('Name 1?');
    const second = command(await local.app.handle(continueEvent(id, 'Ada', first.contextData)));
    expect(second.message).toBe('Name 2?');
    const third = command(await remote(continueEvent(id, 'Bo', second.contextData)));
    expect(third.message).toBe('Name 3?');
    const last = command(await local.app.handle(continueEvent(id, 'Cy', third.contextData)));
    expect(last).toMatchObject({ type: 'InfoView', message: 'Names: Ada, Bo, Cy' });
  });

  it('answers a replayed event with the same answer, without running the handler again', async () => {
    const id = 'replay-1';
    const first = command(await local.app.handle(newEvent(id)));
    const event = continueEvent(id, 'Ada', first.contextData);
    const answer = await remote(event);
    const replayed = await local.app.handle(event);
    expect(replayed).toEqual(answer);
    const next = command(await remote(continueEvent(id, 'Bo', command(answer).contextData)));
    expect(next.message).toBe('Name 3?');
  });

  it('handles the same event sent to both processes at once only once', async () => {
    const id = 'concurrent-1';
    const first = command(await remote(newEvent(id)));
    const event = continueEvent(id, 'Ada', first.contextData);
    const [a, b] = await Promise.all([remote(event), local.app.handle(event)]);
    expect(a).toEqual(b);
    expect(command(a).message).toBe('Name 2?');
    const next = command(await local.app.handle(continueEvent(id, 'Bo', command(a).contextData)));
    const last = command(await remote(continueEvent(id, 'Cy', next.contextData)));
    expect(last.message).toBe('Names: Ada, Bo, Cy');
  });
});
