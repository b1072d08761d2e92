import { createMiddleware } from 'hono/factory';
import type { Developer } from '../config/developerConfig';
import type { DeveloperRepository } from '../core/DeveloperRepository';
import { ServiceError } from '../core/ServiceError';

/** Hono environment of the authenticated service routes. */
export interface ServiceEnv {
  Variables: { developer: Developer };
}

const encoder = new TextEncoder();

/**
 * Compares a given secret with the expected one in time that depends only on the expected one:
 * every byte of it is compared, whatever the given one holds or how long it is. Web APIs only,
 * so the msw handlers of `@ussdkit/testing/msw` run this very check.
 *
 * @example
 * ```ts
 * sameSecret(request.headers.get('x-client-secret') ?? '', developer.clientSecret);
 * ```
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let difference = a.length ^ b.length;
  for (let index = 0; index < b.length; index += 1) {
    difference |= (a[index % Math.max(a.length, 1)] ?? 0) ^ (b[index] as number);
  }
  return difference === 0;
}

/**
 * Authenticates a service call by `X-Client-Id` and `X-Client-Secret`; 401 `UNAUTHORIZED`
 * when either is missing or wrong. The developer is then `c.var.developer`.
 *
 * @example
 * ```ts
 * app.use('/v1/*', authenticate(developers));
 * ```
 */
export function authenticate(developers: DeveloperRepository) {
  return createMiddleware<ServiceEnv>(async (c, next) => {
    const clientId = c.req.header('x-client-id');
    const secret = c.req.header('x-client-secret');
    if (!clientId || !secret) {
      throw new ServiceError(401, 'UNAUTHORIZED', 'X-Client-Id and X-Client-Secret are required');
    }
    const developer = developers.get(clientId);
    if (!developer || !sameSecret(secret, developer.clientSecret)) {
      throw new ServiceError(401, 'UNAUTHORIZED', 'unknown client or wrong secret');
    }
    c.set('developer', developer);
    await next();
  });
}

/** 403 `MISSING_PERMISSION` unless the developer holds `permission`. */
export function requirePermission(developer: Developer, permission: string): void {
  if (!developer.permissions.includes(permission)) {
    throw new ServiceError(
      403,
      'MISSING_PERMISSION',
      `the developer lacks the ${permission} permission`,
    );
  }
}
