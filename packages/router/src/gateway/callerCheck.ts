import type { DoorHead, DoorReply } from '../Door';
import { secretsEqual } from '../internal/door/httpResult';
import { ipAllowed } from '../internal/door/ipAllowed';
import type { GatewayOptions, GatewayProblem } from './GatewayDeclaration';

/** A `text/plain` reply: how a refusal is worded when the provider has no shape of its own. */
export function textReply(problem: GatewayProblem): DoorReply {
  const { status, message, headers } = problem;
  return { status, type: 'text/plain; charset=utf-8', body: message, headers };
}

const forbidden = (message: string): GatewayProblem => ({
  status: 403,
  code: 'FORBIDDEN',
  message,
});

/**
 * The caller checks of `secret` and `allowedIps`, made once from the options: the 403 problem
 * of a request that fails one (before its body is read), `undefined` for one that passes.
 */
export function callerCheck(
  title: string,
  options: GatewayOptions,
): (head: DoorHead) => GatewayProblem | undefined {
  const { secret, allowedIps, clientIp } = options;
  const param = options.secretParam ?? 'secret';
  return (head) => {
    if (secret !== undefined) {
      const given = new URLSearchParams(head.query).get(param);
      if (given === null || !secretsEqual(given, secret)) {
        const problem = given === null ? 'lacks' : 'has a wrong';
        return forbidden(
          `The URL ${problem} ${param} parameter: register the callback URL with ?${param}=<your secret> in ${title}'s dashboard`,
        );
      }
    }
    if (allowedIps !== undefined) {
      const address = head.ip ?? (head.request && clientIp?.(head.request));
      if (address === undefined) {
        return forbidden(
          "The client address is unknown, so allowedIps refuses it: a web Request does not carry it; give clientIp (e.g. (request) => request.headers.get('cf-connecting-ip') on Cloudflare Workers), or serve through the Node bridge",
        );
      }
      if (!ipAllowed(address, allowedIps)) {
        return forbidden(`The client address ${address} is not allowed`);
      }
    }
    return undefined;
  };
}
