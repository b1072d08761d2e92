import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO, type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallbackHandler, UssdkitClient } from '../../src/index';

/**
 * The callback receiver is down for 60 s of sandbox time, then up: every callback is delivered
 * and the client's handler applies each (operationId, result) exactly once, even when the
 * receiver fails after applying (the service then redelivers).
 */
let sandbox: RunningSandbox;
let client: UssdkitClient;
let receiver: Server | undefined;
let port = 0;
const applied: string[] = [];
let deliveries = 0;
let failNextAfterApplying = 0;

const handle = createCallbackHandler({
  onAcquire: (callback) => {
    applied.push(`${callback.operationId}:${callback.status.result}`);
  },
});

function listen(): Promise<void> {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        deliveries += 1;
        await handle(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        if (failNextAfterApplying > 0) {
          failNextAfterApplying -= 1;
          res.writeHead(503).end(); // applied, but the service is told otherwise
        } else res.writeHead(200).end();
      });
    });
    server.keepAliveTimeout = 1;
    server.listen(port, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      receiver = server;
      resolve();
    });
  });
}

function down(): Promise<void> {
  return new Promise((resolve) => {
    const server = receiver;
    receiver = undefined;
    if (server === undefined) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

async function sandboxCall(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status).toBe(200);
  return response.json();
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  client = new UssdkitClient({
    baseUrl: sandbox.url,
    clientId: DEMO.clientId,
    clientSecret: DEMO.clientSecret,
  });
  await listen();
  await sandboxCall('PATCH', `/sandbox/developers/${DEMO.clientId}`, {
    callbackUrl: `http://127.0.0.1:${port}/callbacks`,
  });
});

afterAll(async () => {
  await down();
  await sandbox?.close();
});

describe('callbacks while the receiver is down for 60 s of sandbox time', () => {
  it('are all delivered once it is up, and applied exactly once each', async () => {
    await down();
    const plain = ['a', 'b', 'c', 'd', 'e'].map((label) => `cb-${label}-${crypto.randomUUID()}`);
    const unsettled = `cb-unknown-${crypto.randomUUID()}`;
    const failing = `cb-fail-${crypto.randomUUID()}`;
    const start = (operationId: string, beneficiaryId: string) =>
      client.acquire.productAsync({
        operationId,
        sku: 'data-1gb',
        beneficiaryId,
        customerMsisdn: '08031234567',
      });
    for (const operationId of plain) {
      expect((await start(operationId, '08031234567')).status).toBe('INITIATED');
    }
    expect((await start(unsettled, 'unknown-success')).status).toBe('INITIATED');
    expect((await start(failing, 'fail-INTERNAL')).status).toBe('INITIATED');

    // 60 s of sandbox time with the receiver down: attempts at 0, 1, 3, 7, 15, 31 s all fail
    // (the unknown-success operation settles at 30 s and adds its success callback).
    for (let second = 0; second < 60; second += 10)
      await sandboxCall('POST', '/sandbox/clock/advance', { seconds: 10 });
    expect(deliveries).toBe(0);
    const attempts = (await sandboxCall('GET', '/sandbox/callbacks')) as {
      status?: number;
      error?: string;
    }[];
    expect(attempts.length).toBeGreaterThan(7 * 5);
    expect(
      attempts.every((attempt) => attempt.status === undefined && attempt.error !== undefined),
    ).toBe(true);

    // Up again; the first delivery of two callbacks is applied but answered 503, so they come again.
    await listen();
    failNextAfterApplying = 2;
    await sandboxCall('POST', '/sandbox/clock/advance', { seconds: 600 });
    await sandboxCall('POST', '/sandbox/clock/advance', { seconds: 600 });

    const expected = [
      ...plain.map((id) => `${id}:success`),
      `${unsettled}:unknown`,
      `${unsettled}:success`,
      `${failing}:failure`,
    ];
    expect([...applied].sort()).toEqual([...expected].sort());
    expect(deliveries).toBe(expected.length + 2); // the two redeliveries were skipped by the handler

    // Every operation's last attempt was answered 2xx, and nothing is pending any more.
    const log = (await sandboxCall('GET', '/sandbox/callbacks')) as {
      operationId: string;
      status?: number;
      body: { status: { result: string } };
    }[];
    for (const key of expected) {
      const [operationId, result] = key.split(':');
      const last = log
        .filter((a) => a.operationId === operationId && a.body.status.result === result)
        .at(-1);
      expect(last?.status, key).toBe(200);
    }
    const before = deliveries;
    await sandboxCall('POST', '/sandbox/clock/advance', { seconds: 3600 });
    expect(deliveries).toBe(before);
  });
});
