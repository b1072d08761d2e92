import type { Door, DoorHead } from '../Door';
import { fetchHandler } from '../internal/door/fetchHandler';
import { callerCheck, textReply } from './callerCheck';
import type {
  Gateway,
  GatewayDeclaration,
  GatewayOptions,
  GatewayRequest,
} from './GatewayDeclaration';
import { contentTypeProblem, readFields } from './readFields';
import { UnsupportedOnGatewayError } from './UnsupportedOnGatewayError';
import { unsupportedFeatures } from './unsupportedFeatures';

/**
 * Makes a provider's adapter from its declaration: `(app, options?) => handler`, the handler a
 * web `fetch` that carries its door for the Node bridge. The adapter refuses, when it is made,
 * an app that uses what no text gateway runs (payments, embedded processes, redirects, push);
 * checks the caller (`secret`, `allowedIps`), the method and the content type before the body is
 * read (403, 405, 415); reads the body up to the app's `maxBodyBytes` (413 past it); and
 * dispatches what the declaration read to `app.dispatchText`, whose errors go to the app's
 * `onError` like every other door's.
 *
 * @example
 * ```ts
 * import { defineGateway } from '@ussdkit/router/gateway';
 *
 * export const shortcodeLtd = defineGateway({
 *   name: 'shortcode', title: 'Shortcode Ltd', fields: 'query', methods: ['GET'],
 *   read: ({ fields }) => ({ type: 'input', sessionId: String(fields.sid), msisdn: String(fields.msisdn), input: String(fields.text) }),
 *   write: (answer) => ({ status: 200, type: 'text/plain', body: answer.type === 'screen' ? answer.text : 'OK' }),
 * });
 * ```
 */
export function defineGateway<Options extends object = object>(
  declaration: GatewayDeclaration<Options>,
): Gateway<Options> {
  const { name, title, fields } = declaration;
  const methods = declaration.methods ?? ['POST'];
  return (app, given) => {
    const options = (given ?? {}) as GatewayOptions & Options;
    const problems = unsupportedFeatures(app.graph, title);
    if (problems.length > 0) throw new UnsupportedOnGatewayError(title, problems);
    const caller = callerCheck(title, options);
    const { maxBodyBytes } = app.door;
    const { invalidChoice } = options;
    const door: Door = {
      maxBodyBytes,
      check(head: DoorHead) {
        if (!methods.includes(head.method)) {
          return textReply(
            405,
            `${title} calls with ${methods.join(' or ')}; this was a ${head.method}`,
            { allow: methods.join(', ') },
          );
        }
        const refused = caller(head);
        if (refused !== undefined) return refused;
        const wrongType = contentTypeProblem(fields, head);
        return wrongType === undefined
          ? undefined
          : textReply(415, `${wrongType}, as ${title} sends`);
      },
      async answer(head, body, cut, waitUntil) {
        if (cut) return textReply(413, `The body is over ${maxBodyBytes} bytes`);
        const read = readFields(fields, head, body);
        if (typeof read === 'string') return textReply(400, read);
        const request: GatewayRequest = { fields: read, head };
        const event = declaration.read(request, options);
        if ('refused' in event) return textReply(event.status ?? 400, event.refused);
        // A literal: a key added to a spread copy costs a new hidden class each time on Node 20.
        const answer = await app.dispatchText(event, { gateway: name, invalidChoice, waitUntil });
        return declaration.write(answer, request, options);
      },
    };
    return Object.assign(fetchHandler(door), { door });
  };
}
