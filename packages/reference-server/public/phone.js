/**
 * The web phone of the ussdkit sandbox: a plain ES module, no build step, no dependency.
 * It drives the sandbox API of the same origin (docs/reference-server.md, "Sandbox API").
 */
import { faultsPanel } from './faults.js';
import { flowMapPanel } from './flowMap.js';
import { clockText, offsetText, renderCallbacks, renderTimeline, stateText } from './render.js';
import { api } from './sandboxApi.js';

const POLL_MS = 1000;
const DEFAULT_DIAL = '*384*1#';

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const screen = $('screen');
const entry = /** @type {HTMLInputElement} */ ($('entry'));
const msisdnInput = /** @type {HTMLInputElement} */ ($('msisdn'));
const errorBox = $('error');

const faults = faultsPanel(showError);
const flowMap = flowMapPanel();

/**
 * The session on the phone; `secret` while the sandbox asks a secret (a PIN): the entry shows it as
 * typed, as a handset does, and the timeline shows `••••` once it is sent.
 * @type {{sessionId: string, screen: string, open: boolean, secret?: boolean} | undefined}
 */
let session;
/** The session id of the last push the phone showed, so that each push is taken once. */
let shownPush;
let lastDial = DEFAULT_DIAL;
/** Sandbox time minus real time, in milliseconds (learnt from the clock's answers). */
let offsetMs = 0;
let busy = false;
/**
 * Escape pressed while another action runs (the screen is shown before its session is read back):
 * the hang-up runs once that action ends, instead of being lost.
 */
let cancelWaiting = false;
/** True while the message shown comes from a failed poll (cleared by the next good one). */
let pollFailed = false;

/** @param {string | undefined} message */
function showError(message) {
  errorBox.textContent = message ?? '';
  errorBox.hidden = message === undefined;
}

/** Runs one user action, one at a time, showing any failure. @param {() => Promise<void>} action */
async function act(action) {
  if (busy) return;
  busy = true;
  document.body.classList.add('busy');
  try {
    showError(undefined);
    await action();
  } catch (error) {
    showError(error instanceof Error ? error.message : String(error));
  } finally {
    busy = false;
    document.body.classList.remove('busy');
    entry.focus();
    if (cancelWaiting) {
      cancelWaiting = false;
      void cancel();
    }
  }
}

function renderPhone() {
  $('status-msisdn').textContent = msisdnInput.value;
  const state = $('status-state');
  if (session === undefined) {
    screen.textContent = 'Dial a short code and press Send.';
    state.textContent = 'idle';
  } else {
    screen.textContent = session.screen;
    state.textContent = session.open ? 'in session' : 'ended';
  }
  state.dataset.open = String(session?.open === true);
  const secret = session?.open === true && session.secret === true;
  entry.dataset.secret = String(secret);
  entry.placeholder = secret
    ? 'Secret: shown as •••• once sent'
    : session?.open
      ? 'Your answer'
      : 'Short code, e.g. *384*1#';
  entry.setAttribute(
    'aria-label',
    secret ? 'Your secret answer' : session?.open ? 'Your answer' : 'Short code to dial',
  );
}

/** @param {{sessionId: string, screen: string, open: boolean, secret?: boolean}} answer */
async function applyAnswer(answer) {
  // Another session's abort explanation goes with its screen, not once the report comes back.
  if (answer.sessionId !== session?.sessionId) renderAbort({});
  session = answer;
  entry.value = answer.open ? '' : lastDial;
  renderPhone();
  await refreshSession();
}

/**
 * Why the session aborted, in full above the phone: the sandbox's sentence names what to change
 * (the app's token, its URL, its answer). Hidden for any other session.
 * @param {{abortReason?: string, abortMessage?: string}} report
 */
function renderAbort(report) {
  $('abort').hidden = report.abortReason === undefined;
  $('abort-reason').textContent = report.abortReason ?? '';
  $('abort-message').textContent = report.abortMessage ?? '';
}

async function refreshSession() {
  if (session === undefined) return;
  const report = await api.session(session.sessionId);
  renderAbort(report);
  faults.follow(report.appId);
  if (session.open && !report.open) {
    session = { ...session, open: false };
    entry.value = lastDial;
    renderPhone();
  }
  $('session-id').textContent = report.sessionId;
  $('session-state').textContent = stateText(report);
  $('session-state').dataset.open = String(report.open);
  $('session-ticks').textContent = String(report.ticks);
  $('session-fee').textContent = `NGN ${report.fee}`;
  $('session-charged').textContent = report.chargedClientId;
  renderTimeline(/** @type {HTMLOListElement} */ ($('timeline')), report);
  await flowMap.follow(report.appId, report.sessionId);
}

async function refreshCallbacks() {
  const attempts = await api.callbacks();
  $('callbacks-count').textContent = attempts.length === 0 ? '' : `(${attempts.length})`;
  renderCallbacks(/** @type {HTMLOListElement} */ ($('callbacks')), attempts);
}

function renderClock() {
  const now = (Date.now() + offsetMs) / 1000;
  $('clock').textContent = `${clockText(now)} UTC`;
  $('clock-offset').textContent = offsetText(offsetMs);
}

/** @param {{now: number}} answer */
function learnClock(answer) {
  offsetMs = answer.now * 1000 - Date.now();
  renderClock();
}

function send() {
  return act(async () => {
    if (session?.open) {
      await applyAnswer(await api.input(session.sessionId, entry.value));
      return;
    }
    const dial = entry.value.trim() || lastDial;
    lastDial = dial;
    await applyAnswer(await api.dial(msisdnInput.value.trim(), dial));
  });
}

function cancel() {
  if (busy) {
    cancelWaiting = true;
    return Promise.resolve();
  }
  return act(async () => {
    if (!session?.open) {
      // A pushed message is put away: the sandbox stops showing it to this number.
      if (session !== undefined && session.sessionId === shownPush) {
        await api.cancel(session.sessionId);
        session = undefined;
        renderPhone();
      }
      entry.value = '';
      return;
    }
    await api.cancel(session.sessionId);
    session = { ...session, open: false, secret: false };
    entry.value = lastDial;
    renderPhone();
    await refreshSession();
  });
}

/** @param {number} seconds */
function advance(seconds) {
  return act(async () => {
    learnClock(await api.advance(seconds));
    await Promise.all([refreshSession(), refreshCallbacks()]);
  });
}

/** Once a second: a pending push for this phone, the open session, the callbacks, the clock. */
async function poll() {
  try {
    const msisdn = msisdnInput.value.trim();
    const phone = msisdn === '' ? {} : await api.phone(msisdn);
    const push = phone.pendingPush;
    // A push waiting for an answer (`open`), or the message of one whose first screen was an
    // InfoView (`open: false`: the session already closed with End), shown once.
    if (!busy && push && !session?.open && push.sessionId !== shownPush) {
      shownPush = push.sessionId;
      session = { sessionId: push.sessionId, screen: push.screen, open: push.open };
      if (push.secret === true) session.secret = true;
      entry.value = push.open ? '' : lastDial;
      renderPhone();
      if (!push.open) await refreshSession();
    }
    if (!busy) {
      // Before the first dial, the map of the app that published one (ussdkit dev's).
      const map = session === undefined ? flowMap.follow(undefined, undefined) : undefined;
      await Promise.all([session?.open ? refreshSession() : map, refreshCallbacks()]);
    }
    if (pollFailed) showError(undefined);
    pollFailed = false;
  } catch (error) {
    if (!busy) {
      showError(error instanceof Error ? error.message : String(error));
      pollFailed = true;
    }
  }
  renderClock();
  setTimeout(poll, POLL_MS);
}

$('entry-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void send();
});
$('cancel').addEventListener('click', () => void cancel());
$('backspace').addEventListener('click', () => {
  entry.value = entry.value.slice(0, -1);
  entry.focus();
});
for (const key of document.querySelectorAll('.key[data-key]')) {
  key.addEventListener('click', () => {
    entry.value += /** @type {HTMLElement} */ (key).dataset.key ?? '';
    entry.focus();
  });
}
for (const button of document.querySelectorAll('.advance')) {
  button.addEventListener('click', () => {
    void advance(Number(/** @type {HTMLElement} */ (button).dataset.seconds));
  });
}
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') void cancel();
});
msisdnInput.addEventListener('change', renderPhone);

renderPhone();
entry.focus();
// Reads the sandbox clock without moving it: advancing by 0 s answers the current time.
api
  .advance(0)
  .then(learnClock)
  .catch((error) => showError(error.message));
void poll();
