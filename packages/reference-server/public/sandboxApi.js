/**
 * The sandbox API calls of the web phone (docs/reference-server.md, "Sandbox API"), same origin.
 * Every failure becomes a SandboxError with a readable message. Every call that changes something
 * says `content-type: application/json`, body or not: the sandbox refuses a state-changing request
 * without it (a cross-site form cannot send it; docs/security.md).
 */

export class SandboxError extends Error {
  /**
   * @param {string} message
   * @param {number} [status]
   * @param {string} [code]
   */
  constructor(message, status, code) {
    super(message);
    this.name = 'SandboxError';
    this.status = status;
    this.code = code;
  }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 */
async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new SandboxError(`Cannot reach the sandbox at ${location.origin}: is it still running?`);
  }
  const text = await response.text();
  let json;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const code = json && typeof json.code === 'string' ? json.code : 'ERROR';
    const message = json && typeof json.message === 'string' ? json.message : text;
    throw new SandboxError(
      `The sandbox answered ${response.status} ${code}: ${message}`,
      response.status,
      code,
    );
  }
  return json;
}

const enc = encodeURIComponent;

export const api = {
  /** @param {string} msisdn @param {string} dial */
  dial: (msisdn, dial) => call('POST', '/sandbox/sessions', { msisdn, dial }),
  /** @param {string} sessionId @param {string} text */
  input: (sessionId, text) => call('POST', `/sandbox/sessions/${enc(sessionId)}/input`, { text }),
  /** @param {string} sessionId */
  cancel: (sessionId) => call('POST', `/sandbox/sessions/${enc(sessionId)}/cancel`),
  /** @param {string} sessionId */
  session: (sessionId) => call('GET', `/sandbox/sessions/${enc(sessionId)}`),
  /** @param {string} msisdn */
  phone: (msisdn) => call('GET', `/sandbox/phones/${enc(msisdn)}`),
  /** @param {number} seconds */
  advance: (seconds) => call('POST', '/sandbox/clock/advance', { seconds }),
  callbacks: () => call('GET', '/sandbox/callbacks'),
  /** @param {string} appId */
  faults: (appId) => call('GET', `/sandbox/apps/${enc(appId)}/faults`),
  /** @param {string} appId @param {Record<string, unknown>} faults */
  setFaults: (appId, faults) => call('PUT', `/sandbox/apps/${enc(appId)}/faults`, faults),
  /** @param {string} appId */
  clearFaults: (appId) => call('DELETE', `/sandbox/apps/${enc(appId)}/faults`),
  /** The apps that published a flow: `{appIds}`. */
  flows: () => call('GET', '/sandbox/flows'),
  /** @param {string} appId @param {string} [sessionId] */
  flow: (appId, sessionId) =>
    call('GET', `/sandbox/flows/${enc(appId)}${sessionId ? `?session=${enc(sessionId)}` : ''}`),
};
