import type { UssdHandler } from '../src/ussdHono';

/** Bodies of the four events of one session, as the gateway sends them. */
export function wireEvents(sessionId: string) {
  const base = { clientId: 'client-1', appId: 'app-1', sessionId };
  return {
    new: {
      ...base,
      msisdn: '+2348030000000',
      operator: 'mtn',
      input: { type: 'Dial', shortcodeString: '*384*1#' },
    },
    continue: (value: string) => ({
      ...base,
      result: { type: 'InputResult', value },
      contextData: '',
    }),
    close: { ...base, reason: { type: 'End' }, contextData: '' },
    abort: { ...base, reason: { type: 'InternalError' } },
  };
}

/** TEMPORARY stand-in until createApp lands. */
export function smallApp(options: { authToken?: string }): UssdHandler {
  return {
    async handle(request) {
      if (request.body.length > 65_536)
        return { status: 413, body: { code: 'TOO_LARGE', message: 'x' } };
      const match = /\/ussdSessionEvent\/(new|continue|close|abort)$/.exec(request.path);
      if (match === null) return { status: 404, body: { code: 'NOT_FOUND', message: 'x' } };
      if (options.authToken !== undefined && request.headers.authorization !== options.authToken) {
        return { status: 401, body: { code: 'UNAUTHORIZED', message: 'x' } };
      }
      let body: { msisdn?: unknown; result?: { value: string } };
      try {
        body = JSON.parse(request.body);
      } catch {
        return { status: 400, body: { code: 'BAD', message: 'x' } };
      }
      if (match[1] === 'new' && typeof body.msisdn !== 'string') {
        return { status: 400, body: { code: 'BAD', message: 'x', field: 'msisdn' } };
      }
      if (match[1] === 'close' || match[1] === 'abort') return { status: 204 };
      if (match[1] === 'new') {
        return {
          status: 200,
          body: {
            action: { type: 'ShowView', view: { type: 'InputView', message: 'Name?' } },
            contextData: '',
          },
        };
      }
      return {
        status: 200,
        body: {
          action: {
            type: 'ShowView',
            view: { type: 'InfoView', message: `Hello ${body.result?.value}` },
          },
          contextData: '',
        },
      };
    },
  };
}
