import type { z } from 'zod';

/**
 * A GET endpoint answering `response`. Written as a call so that an endpoint table reads one
 * line per endpoint, its path and schemas kept as literal types.
 */
export function getEndpoint<const P extends string, Res extends z.ZodType>(path: P, response: Res) {
  return { method: 'GET', path, response } as const;
}

/** A POST endpoint taking `request`, and answering `response` when its answer has a body. */
export function postEndpoint<const P extends string, Req extends z.ZodType>(
  path: P,
  request: Req,
): { readonly method: 'POST'; readonly path: P; readonly request: Req };
export function postEndpoint<const P extends string, Req extends z.ZodType, Res extends z.ZodType>(
  path: P,
  request: Req,
  response: Res,
): { readonly method: 'POST'; readonly path: P; readonly request: Req; readonly response: Res };
export function postEndpoint(path: string, request: z.ZodType, response?: z.ZodType) {
  return response === undefined
    ? ({ method: 'POST', path, request } as const)
    : ({ method: 'POST', path, request, response } as const);
}
