import { ownerCredentials, sandboxHistoryEntry } from '@ussdkit/reference-server/rules';
import { type HttpHandler, HttpResponse, http } from 'msw';
import type { MockDeveloper } from '../MockRecords';
import type { MockService } from '../MockService';
import { answering, MockHttpError, requireJson } from './http';

const textFields = ['clientSecret', 'name', 'msisdn', 'emailAddress', 'country'] as const;
const moneyFields = ['balance', 'virtualPurse', 'feePerTick'] as const;

async function readObject(request: Request): Promise<Record<string, unknown>> {
  const value: unknown = await request.json().catch(() => undefined);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MockHttpError(400, 'BAD_REQUEST', 'Invalid developer: body must be a JSON object');
  }
  return Object.fromEntries(Object.entries(value));
}

/** Applies the fields of a sandbox developer body, checking their types. */
function applyPatch(developer: MockDeveloper, body: Record<string, unknown>): void {
  const bad = (field: string) =>
    new MockHttpError(400, 'BAD_REQUEST', `Invalid developer: ${field}`);
  for (const field of textFields) {
    const value = body[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw bad(field);
    developer[field] = value;
  }
  for (const field of moneyFields) {
    const value = body[field];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(field);
    developer[field] = value;
  }
  const { permissions, callbackUrl } = body;
  if (permissions !== undefined) {
    if (!Array.isArray(permissions) || !permissions.every((item) => typeof item === 'string')) {
      throw bad('permissions');
    }
    developer.permissions = permissions;
  }
  if (callbackUrl === null) developer.callbackUrl = undefined;
  else if (typeof callbackUrl === 'string' && /^https?:\/\//.test(callbackUrl)) {
    developer.callbackUrl = callbackUrl;
  } else if (callbackUrl !== undefined) throw bad('callbackUrl');
}

/** A developer as the sandbox answers it without its credentials: everything but the secret. */
function withoutSecret({ clientSecret: _secret, ...developer }: MockDeveloper) {
  return developer;
}

/** Whether a read carries developer `clientId`'s own credentials (the sandbox's rule). */
function ownCredentials(service: MockService, request: Request, clientId: string): boolean {
  return ownerCredentials({
    clientId: request.headers.get('x-client-id'),
    clientSecret: request.headers.get('x-client-secret'),
    owner: clientId,
    what: `developer ${clientId}`,
    secretOf: (id) => service.developers.get(id)?.clientSecret,
    sameSecret: (given, expected) => given === expected,
  });
}

const hex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

/**
 * The reference server's sandbox API subset the contract tests drive, with its rules on secrets
 * (the client secret answered by the 201 only, or to the developer's own credentials) and on
 * writes (`Content-Type: application/json`, body or not).
 */
export function sandboxHandlers(service: MockService, base: string): HttpHandler[] {
  const notFound = (clientId: string) =>
    new MockHttpError(404, 'NOT_FOUND', `no developer "${clientId}"`);
  const developerOf = (clientId: unknown) => {
    const developer = typeof clientId === 'string' ? service.developers.get(clientId) : undefined;
    if (developer === undefined) throw notFound(String(clientId));
    return developer;
  };
  return [
    http.post(`${base}/sandbox/developers`, ({ request }) =>
      answering(async () => {
        requireJson(request, base, true);
        const body = await readObject(request);
        const clientId = typeof body.clientId === 'string' ? body.clientId : `client-${hex(6)}`;
        if (service.developers.has(clientId)) {
          throw new MockHttpError(409, 'CONFLICT', `developer "${clientId}" already exists`);
        }
        const developer: MockDeveloper = {
          clientId,
          clientSecret: `secret-${hex(16)}`,
          name: 'Sandbox Developer',
          balance: 1_000_000,
          virtualPurse: 10_000,
          feePerTick: 2,
          permissions: ['ACQUIRE', 'PUSH', 'RECOVERY', 'EMBEDDED_PROCESS'],
          msisdn: '+2348000000000',
          emailAddress: 'developer@example.com',
          country: 'NG',
        };
        applyPatch(developer, body);
        service.developers.set(clientId, developer);
        return HttpResponse.json(developer, { status: 201 });
      }),
    ),
    http.get(`${base}/sandbox/developers/:clientId`, ({ request, params }) =>
      answering(() => {
        const developer = developerOf(params.clientId);
        const own = ownCredentials(service, request, developer.clientId);
        return HttpResponse.json(own ? developer : withoutSecret(developer));
      }),
    ),
    http.patch(`${base}/sandbox/developers/:clientId`, ({ request, params }) =>
      answering(async () => {
        requireJson(request, base, true);
        const developer = developerOf(params.clientId);
        const body = await readObject(request);
        if (body.clientId !== undefined && body.clientId !== developer.clientId) {
          throw new MockHttpError(
            400,
            'BAD_REQUEST',
            'Invalid developer: clientId: cannot be changed',
          );
        }
        applyPatch(developer, body);
        return HttpResponse.json(withoutSecret(developer));
      }),
    ),
    http.post(`${base}/sandbox/clock/advance`, ({ request }) =>
      answering(async () => {
        requireJson(request, base, true);
        const { seconds } = await readObject(request);
        if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
          throw new MockHttpError(400, 'BAD_REQUEST', 'Invalid clock advance: seconds');
        }
        return HttpResponse.json({ now: (await service.advance(seconds)) / 1000 });
      }),
    ),
    http.get(`${base}/sandbox/callbacks`, ({ request }) => {
      const operationId = new URL(request.url).searchParams.get('operationId');
      const entries = service.callbacks.filter(
        (entry) => operationId === null || entry.operationId === operationId,
      );
      return HttpResponse.json(entries);
    }),
    http.get(`${base}/sandbox/history`, ({ request }) => {
      const clientId = new URL(request.url).searchParams.get('clientId');
      const kept = service.rules.history.list(service.now());
      return HttpResponse.json(
        kept
          .filter((entry) => clientId === null || entry.clientId === clientId)
          .map(sandboxHistoryEntry),
      );
    }),
  ];
}
