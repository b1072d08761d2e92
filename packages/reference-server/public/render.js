/** Rendering of the side panels: session facts, timeline, callback log, clock. */

/** @param {number} seconds epoch seconds */
export function clockText(seconds) {
  return new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 19);
}

/** @param {number} ms */
export function offsetText(ms) {
  const seconds = Math.round(ms / 1000);
  if (seconds < 1) return '(real time)';
  if (seconds < 120) return `(+${seconds} s ahead of real time)`;
  return `(+${Math.round(seconds / 60)} min ahead of real time)`;
}

/** @param {{open: boolean, closeReason?: string, abortReason?: string}} report */
export function stateText(report) {
  if (report.open) return 'open';
  if (report.abortReason) return `aborted · ${report.abortReason}`;
  return `closed · ${report.closeReason ?? 'ended'}`;
}

/**
 * @param {string} tag
 * @param {string} [className]
 * @param {string} [text]
 */
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const speakers = { phone: 'Phone', app: 'App', gateway: 'Gateway' };

/**
 * Every event and answer of the session report's transcript, oldest first.
 * @param {HTMLOListElement} list
 * @param {{startedAt: number, transcript: {at: number, from: 'phone'|'app'|'gateway', text: string}[]}} report
 */
export function renderTimeline(list, report) {
  list.replaceChildren(
    ...report.transcript.map((entry) => {
      // An injected fault (docs/faults.md) stands out from the gateway's other lines.
      const fault = entry.from === 'gateway' && entry.text.startsWith('fault ');
      const item = el('li', `event from-${entry.from}${fault ? ' fault' : ''}`);
      const meta = el('div', 'event-meta');
      meta.append(
        el('span', 'who', speakers[entry.from] ?? entry.from),
        el('span', 'when', `+${Math.max(0, Math.round(entry.at - report.startedAt))} s`),
      );
      item.append(meta, eventBody(entry.text));
      return item;
    }),
  );
  list.scrollTop = list.scrollHeight;
}

/**
 * A wire message of the transcript (`new demo-app {...}`, or the app's JSON answer) as a short
 * summary that opens on the pretty-printed JSON; any other text as it is.
 * @param {string} text
 */
function eventBody(text) {
  const start = text.indexOf('{');
  let json;
  try {
    json = start === -1 ? undefined : JSON.parse(text.slice(start));
  } catch {
    json = undefined;
  }
  if (json === undefined || json === null) {
    return el('pre', 'event-text', text === '' ? '(empty)' : text);
  }
  const details = el('details');
  details.append(
    el('summary', 'event-summary', text.slice(0, start).trim() || describeAnswer(json)),
    el('pre', 'json', JSON.stringify(json, null, 2)),
  );
  return details;
}

/** @param {any} json an app's answer, e.g. `{action: {type: 'ShowView', view: {...}}}` */
function describeAnswer(json) {
  const action = json.action;
  if (!action || typeof action.type !== 'string') return 'JSON';
  const detail = action.view?.type ?? action.process?.type ?? action.destinationAppId ?? '';
  return `${action.type}${detail ? ` ${detail}` : ''}`;
}

/**
 * The callback log, newest first.
 * @param {HTMLOListElement} list
 * @param {{operationId: string, url: string, attempt: number, status?: number, error?: string, at: number, body: unknown}[]} attempts
 */
export function renderCallbacks(list, attempts) {
  if (attempts.length === 0) {
    list.replaceChildren(el('li', 'empty muted', 'No callback sent yet.'));
    return;
  }
  list.replaceChildren(
    ...[...attempts].reverse().map((attempt) => {
      const ok = attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;
      const item = el('li', `callback ${ok ? 'ok' : 'failed'}`);
      const summary = el('details');
      const head = el('summary', 'callback-head');
      const result =
        attempt.status !== undefined ? `HTTP ${attempt.status}` : (attempt.error ?? 'pending');
      head.append(
        el('span', 'badge', result),
        el('span', 'op', attempt.operationId),
        el('span', 'muted', ` attempt ${attempt.attempt} · ${clockText(attempt.at).slice(11)}`),
      );
      summary.append(
        head,
        el('div', 'muted url', attempt.url),
        el('pre', 'json', JSON.stringify(attempt.body, null, 2)),
      );
      item.append(summary);
      return item;
    }),
  );
}
