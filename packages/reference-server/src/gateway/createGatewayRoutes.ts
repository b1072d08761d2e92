import { isMsisdn } from '@ussdkit/protocol';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { limitBody } from '../internal/limitBody';
import { requestText } from '../internal/requestText';
import type { Gateway } from './Gateway';
import { GatewayError } from './GatewayError';
import { operators } from './phones/networkOf';

/** Largest body the gateway routes read, in bytes. */
export const GATEWAY_BODY_LIMIT = 64 * 1024;

const dialBodySchema = z.object({
  msisdn: z
    .string()
    .refine(isMsisdn, 'must be a Nigerian msisdn in one of the five upstream forms'),
  dial: z.string().min(1).max(182),
  operator: z.enum(operators).optional(),
});

const inputBodySchema = z.object({ text: z.string().max(182) });

function fail(c: Context, status: 400 | 404 | 409 | 413 | 500, code: string, message: string) {
  return c.json({ code, message }, status);
}

async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let json: unknown;
  try {
    json = JSON.parse(await requestText(c));
  } catch {
    throw new GatewayError(400, 'BAD_REQUEST', 'the body must be JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') ?? '';
    throw new GatewayError(
      400,
      'BAD_REQUEST',
      `${field === '' ? 'body' : field}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

/**
 * The phone side of the sandbox API (docs/reference-server.md, "Sandbox API"; docs/decisions/0010-reference-server.md), relative to the mount point:
 * `POST /sandbox/sessions`, `POST /sandbox/sessions/:id/input`, `POST /sandbox/sessions/:id/cancel`,
 * `GET /sandbox/sessions/:id`, `GET /sandbox/phones/:msisdn`, and `GET /sandbox/gateway` (what the
 * gateway holds in memory, for tests and diagnostics). Failures answer JSON
 * `{code, message}`: 400 bad body or dial, 404 unknown session or short code, 409 input to a
 * closed session, 413 a body over 64 KiB.
 *
 * @example
 * ```ts
 * const app = new Hono();
 * app.route('/', createGatewayRoutes(createGateway(deps)));
 * ```
 */
export function createGatewayRoutes(gateway: Gateway): Hono {
  const routes = new Hono();
  routes.use(
    '/sandbox/sessions/*',
    limitBody({
      maxSize: GATEWAY_BODY_LIMIT,
      onError: (c) =>
        fail(c, 413, 'PAYLOAD_TOO_LARGE', `bodies are limited to ${GATEWAY_BODY_LIMIT} bytes`),
    }),
  );
  routes.use(
    '/sandbox/sessions',
    limitBody({
      maxSize: GATEWAY_BODY_LIMIT,
      onError: (c) =>
        fail(c, 413, 'PAYLOAD_TOO_LARGE', `bodies are limited to ${GATEWAY_BODY_LIMIT} bytes`),
    }),
  );
  routes.onError((error, c) => {
    if (error instanceof GatewayError) return fail(c, error.status, error.code, error.message);
    return fail(c, 500, 'INTERNAL', error instanceof Error ? error.message : String(error));
  });

  routes.post('/sandbox/sessions', async (c) => {
    const body = await readBody(c, dialBodySchema);
    return c.json(await gateway.dial(body));
  });
  routes.post('/sandbox/sessions/:sessionId/input', async (c) => {
    const { text } = await readBody(c, inputBodySchema);
    return c.json(await gateway.input(c.req.param('sessionId'), text));
  });
  routes.post('/sandbox/sessions/:sessionId/cancel', async (c) =>
    c.json(await gateway.cancel(c.req.param('sessionId'))),
  );
  routes.get('/sandbox/sessions/:sessionId', (c) => {
    const sessionId = c.req.param('sessionId');
    const report = gateway.session(sessionId);
    return report === undefined
      ? fail(c, 404, 'NOT_FOUND', `no session ${sessionId}`)
      : c.json(report);
  });
  routes.get('/sandbox/phones/:msisdn', (c) => c.json(gateway.phone(c.req.param('msisdn'))));
  routes.get('/sandbox/gateway', (c) => c.json(gateway.retained()));
  return routes;
}
