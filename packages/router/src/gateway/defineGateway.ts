import type { Door, DoorHead, DoorReply } from '../Door';
import { fetchHandler } from '../internal/door/fetchHandler';
import { SECRET_MARK } from '../internal/door/nativeDoor';
import type { TextAnswer } from '../TextEvent';
import { callerCheck, textReply } from './callerCheck';
import { fitScreen } from './fitScreen';
import type {
  Gateway,
  GatewayDeclaration,
  GatewayOptions,
  GatewayProblem,
  GatewayRequest,
} from './GatewayDeclaration';
import { contentTypeProblem, readFields } from './readFields';
import { UnsupportedOnGatewayError } from './UnsupportedOnGatewayError';
import { unsupportedFeatures } from './unsupportedFeatures';

/** The code of a declaration's refusal that names none. */
const codeOf = (status: number): string =>
  status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';

/**
 * Makes a provider's adapter from its declaration: `(app, options?) => handler`, the handler a
 * web `fetch` that carries its door for the Node bridge. The adapter refuses, when it is made,
 * an app that uses what no text gateway runs (payments, embedded processes, redirects, push);
 * checks the caller (`secret`, `allowedIps`), the method and the content type before the body is
 * read (403, 405, 415); reads the body up to the app's `maxBodyBytes` (413 past it); and
 * dispatches what the declaration read to `app.dispatchText`, whose errors go to the app's
 * `onError` like every other door's. A screen is cut to the provider's `screenLimit` (when it
 * states one), and one
 * that asks a secret carries the header `Ussdkit-Input: secret` (the sandbox masks the next
 * input; providers ignore it).
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
  const refuse = (problem: GatewayProblem, request?: GatewayRequest): DoorReply =>
    declaration.refuse?.(problem, request) ?? textReply(problem);
  return (app, given) => {
    const options = (given ?? {}) as GatewayOptions & Options;
    const problems = unsupportedFeatures(app.graph, title);
    if (problems.length > 0) throw new UnsupportedOnGatewayError(title, problems);
    const caller = callerCheck(title, options);
    const { maxBodyBytes } = app.door;
    const screenLimit = options.screenLimit ?? declaration.screenLimit;
    const { invalidChoice } = options;
    const write = (answer: TextAnswer, request: GatewayRequest): DoorReply => {
      const fitted = screenLimit === undefined ? answer : fitScreen(answer, screenLimit);
      const reply = declaration.write(fitted, request, options);
      if (fitted.type !== 'screen' || !fitted.secret) return reply;
      return { ...reply, headers: { ...reply.headers, ...SECRET_MARK } };
    };
    const door: Door = {
      maxBodyBytes,
      check(head: DoorHead) {
        if (!methods.includes(head.method)) {
          return refuse({
            status: 405,
            code: 'METHOD_NOT_ALLOWED',
            message: `${title} calls with ${methods.join(' or ')}; this was a ${head.method}`,
            headers: { allow: methods.join(', ') },
          });
        }
        const refused = caller(head);
        if (refused !== undefined) return refuse(refused);
        const wrongType = contentTypeProblem(fields, head);
        if (wrongType === undefined) return undefined;
        const message = `${wrongType}, as ${title} sends`;
        return refuse({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message });
      },
      async answer(head, body, cut, waitUntil) {
        if (cut) {
          const message = `The body is over ${maxBodyBytes} bytes`;
          return refuse({ status: 413, code: 'PAYLOAD_TOO_LARGE', message });
        }
        const read = readFields(fields, head, body);
        if (typeof read === 'string')
          return refuse({ status: 400, code: 'BAD_REQUEST', message: read });
        const request: GatewayRequest = { fields: read, head };
        const events = declaration.read(request, options);
        if ('refused' in events) {
          const status = events.status ?? 400;
          const code = events.code ?? codeOf(status);
          return refuse({ status, code, message: events.refused }, request);
        }
        // A literal: a key added to a spread copy costs a new hidden class each time on Node 20.
        const dispatched = { gateway: name, invalidChoice, waitUntil };
        let answer: TextAnswer | undefined;
        for (const event of 'type' in events ? [events] : events) {
          answer = await app.dispatchText(event, dispatched);
        }
        return write(answer ?? { type: 'ended' }, request);
      },
    };
    return Object.assign(fetchHandler(door), { door });
  };
}
