import type { DoorHead, DoorReply } from '../Door';
import { secretsEqual } from '../internal/door/httpResult';
import { ipAllowed } from '../internal/door/ipAllowed';
import type { GatewayOptions } from './GatewayDeclaration';

/** A `text/plain` reply: how every refusal of a gateway adapter is worded. */
export function textReply(
  status: number,
  text: string,
  headers?: Record<string, string>,
): DoorReply {
  return { status, type: 'text/plain; charset=utf-8', body: text, headers };
}

/**
 * The caller checks of `secret` and `allowedIps`, made once from the options: the 403 reply for
 * a request that fails one (before its body is read), `undefined` for one that passes.
 */
export function callerCheck(
  title: string,
  options: GatewayOptions,
): (head: DoorHead) => DoorReply | undefined {
  const { secret, allowedIps, clientIp } = options;
  const param = options.secretParam ?? 'secret';
  return (head) => {
    if (secret !== undefined) {
      const given = new URLSearchParams(head.query).get(param);
      if (given === null || !secretsEqual(given, secret)) {
        const problem = given === null ? 'lacks' : 'has a wrong';
        return textReply(
          403,
          `The URL ${problem} ${param} parameter: register the callback URL with ?${param}=<your secret> in ${title}'s dashboard`,
        );
      }
    }
    if (allowedIps !== undefined) {
      const address = head.ip ?? (head.request && clientIp?.(head.request));
      if (address === undefined) {
        return textReply(
          403,
          "The client address is unknown, so allowedIps refuses it: a web Request does not carry it; give clientIp (e.g. (request) => request.headers.get('cf-connecting-ip') on Cloudflare Workers), or serve through the Node bridge",
        );
      }
      if (!ipAllowed(address, allowedIps)) {
        return textReply(403, `The client address ${address} is not allowed`);
      }
    }
    return undefined;
  };
}
