/** Every endpoint of the reference server, with a valid body or query to start fuzzing from. */
import fc from 'fast-check';
import type { FuzzRequest } from '../../../protocol/test/fuzz/fuzzHttp';
import { type HostileBody, hostileBody } from '../../../protocol/test/fuzz/hostileBody';
import { DEMO } from '../../src/index';

/** Ids created before fuzzing, so that paths name existing things too. */
export interface FuzzFixtures {
  readonly sessionId: string;
  readonly developerId: string;
  readonly appId: string;
  readonly closedUrl: string;
}

const credentials = { 'x-client-id': DEMO.clientId, 'x-client-secret': DEMO.clientSecret };

/** Hostile strings for path segments and query values (URL-encoded, or raw broken escapes). */
const hostileSegment = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '%ff%fe',
    '%E0%A4%A',
    '%00',
    '..',
    '%2e%2e%2f',
    'x'.repeat(10_000),
  ),
  fc.constantFrom(DEMO.clientId, 'demo-app', '08031234567', 'data-1gb', 'cable', '1234567890'),
);

const posts = (fixtures: FuzzFixtures): [string, string, unknown, boolean][] => [
  [
    'POST',
    '/v1/acquire/product',
    {
      operationId: 'op',
      sku: 'data-1gb',
      beneficiaryId: '08031234567',
      customerMsisdn: '08031234567',
    },
    true,
  ],
  [
    'POST',
    '/v1/acquire/product/async',
    {
      operationId: 'op',
      sku: 'airtime',
      beneficiaryId: 'x',
      customerMsisdn: '08031234567',
      amount: 100,
    },
    true,
  ],
  [
    'POST',
    '/v1/acquire',
    { operationId: 'op', sku: 'mtn-100', acquirerMsisdn: '08031234567', amount: null },
    true,
  ],
  ['POST', '/v1/acquire/status', { operationId: 'op' }, true],
  ['POST', '/ussd/app/push', { appId: 'demo-app', msisdn: '08031234567', contextData: '' }, true],
  ['POST', '/sandbox/developers', { name: 'Fuzz', balance: 10, permissions: ['PUSH'] }, false],
  [
    'PATCH',
    `/sandbox/developers/${fixtures.developerId}`,
    { name: 'Fuzzed', feePerTick: 3, callbackUrl: null },
    false,
  ],
  ['POST', '/sandbox/apps', { clientId: fixtures.developerId, url: fixtures.closedUrl }, false],
  [
    'PATCH',
    `/sandbox/apps/${fixtures.appId}`,
    { url: fixtures.closedUrl, answerTimeoutMs: 100, authToken: null },
    false,
  ],
  [
    'POST',
    '/sandbox/sessions',
    { msisdn: '08031234567', dial: '*384*99#', operator: 'glo' },
    false,
  ],
  ['POST', `/sandbox/sessions/${fixtures.sessionId}/input`, { text: '1' }, false],
  ['POST', `/sandbox/sessions/${fixtures.sessionId}/cancel`, {}, false],
  ['POST', '/sandbox/clock/advance', { seconds: 1 }, false],
];

const gets: [string, boolean][] = [
  ['/v1/acquire/productGroups', true],
  ['/v1/acquire/productGroups/{x}?beneficiaryId={y}', true],
  ['/v1/acquire/amount?sku={x}&beneficiaryId={y}', true],
  ['/v1/acquire/status?operationId={x}', true],
  ['/v1/acquire/products', true],
  ['/client/info', true],
  ['/ussd/app/{x}', true],
  ['/sandbox/developers/{x}', false],
  ['/sandbox/sessions/{x}', false],
  ['/sandbox/phones/{x}', false],
  ['/sandbox/callbacks?operationId={x}', false],
  ['/sandbox/history?clientId={x}', false],
];

type Target = FuzzRequest & { body: HostileBody };

/** Hostile requests to every endpoint of the sandbox at `base`. */
export function sandboxTargets(base: string, fixtures: FuzzFixtures): fc.Arbitrary<Target> {
  const auth = fc.oneof(
    { weight: 9, arbitrary: fc.constant(credentials) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        {},
        { 'x-client-id': DEMO.clientId, 'x-client-secret': 'wrong' },
        { 'x-client-id': '__proto__', 'x-client-secret': '' },
      ),
    },
  );
  const bodies = posts(fixtures).map(([method, path, valid, needsAuth]) =>
    fc.tuple(hostileBody(valid), auth).map(
      ([body, headers]): Target => ({
        method,
        url: `${base}${path}`,
        headers: needsAuth ? headers : {},
        body,
      }),
    ),
  );
  const queries = gets.map(([template, needsAuth]) =>
    fc.tuple(hostileSegment, hostileSegment, auth, hostileBody({})).map(
      ([x, y, headers, body]): Target => ({
        method: 'GET',
        url: `${base}${template.replace('{x}', x).replace('{y}', y)}`,
        headers: needsAuth ? headers : {},
        body,
      }),
    ),
  );
  const sessionPaths = fc
    .tuple(hostileSegment, fc.constantFrom('input', 'cancel'), hostileBody({ text: '1' }))
    .map(
      ([id, action, body]): Target => ({
        method: 'POST',
        url: `${base}/sandbox/sessions/${id}/${action}`,
        body,
      }),
    );
  const wrongMethods = fc
    .tuple(
      fc.constantFrom('PUT', 'DELETE', 'PATCH', 'POST'),
      fc.constantFrom(
        '/v1/acquire/status',
        '/client/info',
        '/sandbox/history',
        '/health',
        '/nope',
        '/v1/acquire/product/__proto__',
      ),
      hostileBody({}),
    )
    .map(
      ([method, path, body]): Target => ({
        method,
        url: `${base}${path}`,
        headers: credentials,
        body,
      }),
    );
  return fc.oneof(
    ...bodies.map((arbitrary) => ({ weight: 6, arbitrary })),
    ...queries.map((arbitrary) => ({ weight: 2, arbitrary })),
    { weight: 3, arbitrary: sessionPaths },
    { weight: 2, arbitrary: wrongMethods },
  );
}
