import type { DoorReply } from '@ussdkit/router';
import type { GatewayProblem } from '@ussdkit/router/gateway';

/** A JSON answer. */
export function jsonReply(
  body: unknown,
  status = 200,
  headers?: Record<string, string>,
): DoorReply {
  return { status, type: 'application/json; charset=utf-8', body: JSON.stringify(body), headers };
}

/**
 * A refusal as a JSON provider's adapter writes it: `{ code, message }` with the problem's
 * status, the shape every ussdkit server answers errors with (the providers document none).
 */
export function jsonRefusal(problem: GatewayProblem): DoorReply {
  const { status, code, message, headers } = problem;
  return jsonReply({ code, message }, status, headers === undefined ? undefined : { ...headers });
}
