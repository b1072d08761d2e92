/**
 * Client: `acquire.product` calls/s through `@ussdkit/client` against raw undici `request()` with
 * the same method, path, headers and body to the same local node:http server (a child process).
 * The client runs on its default transport (`'auto'`: undici's `request()` on Node while
 * `globalThis.fetch` is Node's own, decision 0019), with a `connection` agent, and on
 * `transport: 'undici'`.
 */
import { UssdkitClient } from '@ussdkit/client';
import { request } from 'undici';
import { startChild } from './support/child';
import { type Figure, pick, quick, report } from './support/mode';
import { median } from './support/stats';

const duration = pick(3000, 300);
const rounds = pick(5, 1);
const concurrency = 10;

const server = await startChild<{ port: number }>('support/acquireServer.ts');
const baseUrl = `http://127.0.0.1:${server.ready.port}`;
const credentials = { clientId: 'bench-client', clientSecret: 'bench-secret' };
let counter = 0;

function params() {
  return {
    operationId: `op-${++counter}`,
    sku: 'data-1gb',
    beneficiaryId: '08031234567',
    customerMsisdn: '08031234567',
  };
}

const defaultClient = new UssdkitClient({ baseUrl, ...credentials, maxRetries: 0 });
const pooledClient = new UssdkitClient({
  baseUrl,
  ...credentials,
  maxRetries: 0,
  connection: { connections: concurrency },
});
const undiciClient = new UssdkitClient({
  baseUrl,
  ...credentials,
  maxRetries: 0,
  transport: 'undici',
});

async function viaClient(client: UssdkitClient): Promise<void> {
  const result = await client.acquire.product(params());
  if (result.status !== 'SUCCESS') throw new Error(`unexpected ${result.status}`);
}

async function viaUndici(): Promise<void> {
  const { statusCode, body } = await request(`${baseUrl}/v1/acquire/product`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-client-id': credentials.clientId,
      'x-client-secret': credentials.clientSecret,
    },
    body: JSON.stringify(params()),
  });
  const json = (await body.json()) as { status?: string };
  if (statusCode !== 200 || json.status !== 'SUCCESS') throw new Error('unexpected answer');
}

/** The same call through Node's global fetch, no client: shows what fetch itself costs. */
async function viaFetch(): Promise<void> {
  const response = await fetch(`${baseUrl}/v1/acquire/product`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-client-id': credentials.clientId,
      'x-client-secret': credentials.clientSecret,
    },
    body: JSON.stringify(params()),
  });
  const json = (await response.json()) as { status?: string };
  if (response.status !== 200 || json.status !== 'SUCCESS') throw new Error('unexpected answer');
}

/** Calls per second of `call` run by `concurrency` loops for `duration` ms. */
async function rate(call: () => Promise<void>): Promise<number> {
  let calls = 0;
  const started = performance.now();
  const until = started + duration;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await call();
        calls++;
      }
    }),
  );
  return (calls / (performance.now() - started)) * 1000;
}

const contenders = {
  raw: viaUndici,
  fetch: viaFetch,
  client: () => viaClient(defaultClient),
  pooled: () => viaClient(pooledClient),
  undici: () => viaClient(undiciClient),
};
const rates: Record<keyof typeof contenders, number[]> = {
  raw: [],
  fetch: [],
  client: [],
  pooled: [],
  undici: [],
};
try {
  if (!quick) for (const call of Object.values(contenders)) await rate(call); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const [name, call] of Object.entries(contenders) as [
      keyof typeof contenders,
      () => Promise<void>,
    ][]) {
      rates[name].push(await rate(call));
    }
  }
} finally {
  await pooledClient.close();
  await undiciClient.close();
  await server.stop();
}

const raw = median(rates.raw);
const ours = median(rates.client);
const pooled = median(rates.pooled);
const bareFetch = median(rates.fetch);
const viaUndiciTransport = median(rates.undici);
const figures: Figure[] = [
  {
    name: "Client acquire.product (transport: 'undici')",
    unit: 'calls/s',
    ours: viaUndiciTransport,
    ourLabel: "@ussdkit/client, transport: 'undici'",
    baseline: raw,
    baselineLabel: 'raw undici request()',
    higherIsBetter: true,
    target: { text: '>= 90% of raw undici', met: viaUndiciTransport >= 0.9 * raw },
    note: "the client's own pool; the default below is as fast and msw still sees it",
  },
  {
    name: "Client acquire.product (default: 'auto', undici on Node)",
    unit: 'calls/s',
    ours,
    ourLabel: '@ussdkit/client',
    baseline: raw,
    baselineLabel: 'raw undici request()',
    higherIsBetter: true,
    target: { text: '>= 90% of raw undici', met: ours >= 0.9 * raw },
  },
  {
    name: 'Client acquire.product (connection: {connections: 10})',
    unit: 'calls/s',
    ours: pooled,
    ourLabel: '@ussdkit/client + undici Agent',
    baseline: raw,
    baselineLabel: 'raw undici request()',
    higherIsBetter: true,
    target: { text: '>= 90% of raw undici', met: pooled >= 0.9 * raw },
  },
  {
    name: 'Client acquire.product (default) against bare global fetch',
    unit: 'calls/s',
    ours,
    ourLabel: '@ussdkit/client',
    baseline: bareFetch,
    baselineLabel: 'bare global fetch() + JSON',
    higherIsBetter: true,
    note: "not the target figure: what the default gains over sending through Node's fetch",
  },
];
report({
  script: 'client.ts',
  title: 'Client',
  figures,
  details: [
    `${concurrency} concurrent call loops for ${duration} ms per run, ${rounds} alternating rounds, median; server: node:http in a child process answering a SUCCESS acquire.`,
    `Per round calls/s: raw undici ${rates.raw.map(Math.round).join(', ')}; bare global fetch ${rates.fetch.map(Math.round).join(', ')}; client ${rates.client.map(Math.round).join(', ')}; client with connection pool ${rates.pooled.map(Math.round).join(', ')}; client with transport 'undici' ${rates.undici.map(Math.round).join(', ')}.`,
  ],
});
