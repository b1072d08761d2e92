/** `PUT/GET/DELETE /sandbox/apps/{appId}/faults` over loopback: bodies, errors, the sandbox's guards. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type RunningSandbox, startSandbox } from '../../src/index';
import { type SandboxCalls, sandboxCalls } from '../fault/sandboxClient';

let sandbox: RunningSandbox;
let api: SandboxCalls;
const path = `/sandbox/apps/${DEMO.appId}/faults`;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  api = sandboxCalls(sandbox.url);
});

afterAll(async () => {
  await sandbox?.close();
});

describe('the faults of an app', () => {
  it('are none at first, set by PUT, read by GET, removed by DELETE', async () => {
    expect((await api.call('GET', path)).body).toEqual({ appId: DEMO.appId, faults: {} });
    const faults = { seed: 7, delay: { ms: 100, probability: 0.5 }, cut: {} };
    const put = await api.call('PUT', path, faults);
    expect(put).toEqual({ status: 200, body: { appId: DEMO.appId, faults } });
    expect((await api.call('GET', path)).body).toEqual({ appId: DEMO.appId, faults });
    const removed = await api.call('DELETE', path);
    expect(removed).toEqual({ status: 200, body: { appId: DEMO.appId, faults: {} } });
    expect((await api.call('GET', path)).body).toEqual({ appId: DEMO.appId, faults: {} });
  });

  it.each([
    [{ duplicate: { probability: 2 } }, 'duplicate.probability'],
    [{ delay: {} }, 'delay.ms'],
    [{ delay: { ms: 0 } }, 'delay.ms'],
    [{ seed: -1 }, 'seed'],
    [{ dupliate: {} }, 'dupliate'],
    [{ cut: { probability: 1, often: true } }, 'often'],
  ])('refuse %j with 400 naming %s', async (body, field) => {
    const reply = await api.call('PUT', path, body);
    expect(reply.status).toBe(400);
    const { code, message } = reply.body as { code: string; message: string };
    expect(code).toBe('BAD_REQUEST');
    expect(message).toContain(field);
  });

  it('are 404 for an unknown app', async () => {
    const reply = await api.call('PUT', '/sandbox/apps/no-such-app/faults', { cut: {} });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'NOT_FOUND', message: 'no app "no-such-app"' });
  });

  it('take writes only as JSON and from the sandbox own pages', async () => {
    const form = await fetch(`${sandbox.url}${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: '{"cut":{}}',
    });
    expect(form.status).toBe(415);
    const removal = await fetch(`${sandbox.url}${path}`, { method: 'DELETE' });
    expect(removal.status).toBe(415);
    const foreign = await fetch(`${sandbox.url}${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{"cut":{}}',
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { code: string }).code).toBe('ORIGIN_NOT_ALLOWED');
    expect((await api.call('GET', path)).body).toEqual({ appId: DEMO.appId, faults: {} });
  });
});
