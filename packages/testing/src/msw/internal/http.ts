import {
  parseJsonBody,
  RuleError,
  requireJsonContentType,
  requireQueryParameter,
} from '@ussdkit/reference-server/rules';
import { type HttpHandler, HttpResponse, http } from 'msw';
import type { z } from 'zod';
import {
  defaultCode,
  type ForcedError,
  mockedEndpoints,
  type ServiceEndpointName,
} from '../ForcedError';
import type { MockDeveloper } from '../MockRecords';
import type { MockService } from '../MockService';

/** An error answer thrown inside a resolver: `{code, message}` with its status. */
export class MockHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The JSON `{code, message}` answer. */
export function errorResponse(status: number, code: string, message: string): Response {
  return HttpResponse.json({ code, message }, { status });
}

function forcedResponse(forced: ForcedError): Response {
  if (forced.network === true) return HttpResponse.error();
  const status = forced.status ?? 500;
  const response = errorResponse(
    status,
    forced.code ?? defaultCode(status),
    forced.message ?? `forced ${status} answer`,
  );
  if (forced.retryAfter !== undefined)
    response.headers.set('retry-after', String(forced.retryAfter));
  return response;
}

function authenticate(service: MockService, request: Request): MockDeveloper {
  const clientId = request.headers.get('x-client-id');
  const secret = request.headers.get('x-client-secret');
  if (!clientId || !secret) {
    throw new MockHttpError(401, 'UNAUTHORIZED', 'X-Client-Id and X-Client-Secret are required');
  }
  const developer = service.developers.get(clientId);
  if (developer === undefined || developer.clientSecret !== secret) {
    throw new MockHttpError(401, 'UNAUTHORIZED', 'unknown client or wrong secret');
  }
  return developer;
}

/** 403 `MISSING_PERMISSION` unless the developer holds `permission`. */
export function requirePermission(developer: MockDeveloper, permission: string): void {
  if (!developer.permissions.includes(permission)) {
    throw new MockHttpError(
      403,
      'MISSING_PERMISSION',
      `the developer lacks the ${permission} permission`,
    );
  }
}

/**
 * Reads a JSON body and parses it with a protocol schema, with the sandbox's own rules
 * (`parseJsonBody`): 400 `BAD_REQUEST` naming the problem or the field, as the sandbox words it.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  what: string,
): Promise<z.output<S>> {
  return parseJsonBody(await request.text(), schema, what);
}

/** A required query parameter; 400 when absent (the sandbox's message). */
export function requireQuery(url: URL, name: string): string {
  return requireQueryParameter(url.searchParams, name);
}

/** What a service endpoint's resolver gets. */
export interface RouteContext {
  readonly request: Request;
  readonly url: URL;
  readonly params: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly developer: MockDeveloper;
}

/** Turns a thrown {@link MockHttpError} or the rules' `RuleError` into its answer. */
export async function answering(run: () => Response | Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof MockHttpError || error instanceof RuleError) {
      return errorResponse(error.status, error.code, error.message);
    }
    throw error;
  }
}

/**
 * The sandbox's content-type rule (the rules' `requireJsonContentType`): 415 for a body not
 * declared JSON, and with `everyWrite` for any write of the sandbox API without it. `path` is read
 * under `base`, as the sandbox names it in its message.
 */
export function requireJson(request: Request, base: string, everyWrite = false): void {
  // `base` is a URL, or a pattern such as `*` when no baseUrl was given (no prefix then).
  const prefix = URL.canParse(base) ? new URL(base).pathname.replace(/\/$/, '') : '';
  requireJsonContentType({
    method: request.method,
    path: new URL(request.url).pathname.slice(prefix.length),
    contentType: request.headers.get('content-type'),
    hasBody: request.body !== null,
    everyWrite,
  });
}

/**
 * The msw handler of one service endpoint: forced errors, the content type, authentication, then
 * the resolver (the sandbox's order).
 */
export function route(
  service: MockService,
  base: string,
  name: ServiceEndpointName,
  resolve: (context: RouteContext) => Response | Promise<Response>,
): HttpHandler {
  const { method, path } = mockedEndpoints[name];
  const pattern = `${base}${path.replace(/\{(\w+)\}/g, ':$1')}`;
  const make = method === 'GET' ? http.get : http.post;
  return make(pattern, async ({ request, params }) => {
    const forced = service.takeForced(name);
    if (forced !== undefined && forced.afterProcessing !== true) return forcedResponse(forced);
    const response = await answering(() => {
      requireJson(request, base);
      const developer = authenticate(service, request);
      return resolve({ request, url: new URL(request.url), params, developer });
    });
    return forced === undefined ? response : forcedResponse(forced);
  });
}

/** A path parameter as a string. */
export function param(context: RouteContext, name: string): string {
  const value = context.params[name];
  return typeof value === 'string' ? value : '';
}
