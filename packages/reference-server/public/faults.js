/**
 * The Faults panel of the web phone: the faults the gateway injects into the sessions of one app
 * (`PUT`/`GET`/`DELETE /sandbox/apps/{appId}/faults`, docs/faults.md). The app is the one typed,
 * or else the app of the last session the phone saw.
 */
import { api } from './sandboxApi.js';

const KINDS = ['delay', 'duplicate', 'reorder', 'dropAnswer', 'cut', 'corruptContextData'];

/** @param {string} id */
const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/** @param {Record<string, unknown>} faults */
function describe(faults) {
  const on = KINDS.filter((kind) => faults[kind] !== undefined);
  return on.length === 0 ? 'none' : on.join(', ');
}

/**
 * Wires the panel; `showError` shows a failed call. Returns `follow(appId)`, called with the app
 * of each session the phone shows.
 * @param {(message: string | undefined) => void} showError
 */
export function faultsPanel(showError) {
  const appInput = $('faults-app');
  const set = /** @type {HTMLFieldSetElement} */ (document.getElementById('faults'));
  const status = $('faults-status');
  const delayMs = $('faults-delay-ms');
  const boxes = /** @type {HTMLInputElement[]} */ ([...set.querySelectorAll('[data-fault]')]);
  /** The app whose faults the checkboxes show. */
  let shown = '';

  /** @param {Record<string, any>} faults */
  function render(faults) {
    for (const box of boxes) box.checked = faults[box.dataset.fault ?? ''] !== undefined;
    if (faults.delay !== undefined) delayMs.value = String(faults.delay.ms);
    status.textContent = `Faults of ${shown}: ${describe(faults)}`;
  }

  /** @param {string} appId */
  async function load(appId) {
    shown = appId;
    set.disabled = true;
    if (appId === '') {
      status.textContent = '';
      return;
    }
    try {
      const answer = await api.faults(appId);
      set.disabled = false;
      render(answer.faults);
    } catch (error) {
      status.textContent = error instanceof Error ? error.message : String(error);
    }
  }

  async function save() {
    /** @type {Record<string, unknown>} */
    const faults = {};
    for (const box of boxes) {
      const kind = box.dataset.fault ?? '';
      if (!box.checked) continue;
      faults[kind] = kind === 'delay' ? { ms: Number(delayMs.value) } : {};
    }
    try {
      showError(undefined);
      const answer =
        Object.keys(faults).length === 0
          ? await api.clearFaults(shown)
          : await api.setFaults(shown, faults);
      render(answer.faults);
    } catch (error) {
      showError(error instanceof Error ? error.message : String(error));
      await load(shown);
    }
  }

  appInput.addEventListener('change', () => void load(appInput.value.trim()));
  for (const box of boxes) box.addEventListener('change', () => void save());
  delayMs.addEventListener('change', () => {
    if (boxes.find((box) => box.dataset.fault === 'delay')?.checked) void save();
  });

  return {
    /** @param {string} appId */
    follow(appId) {
      if (appInput.value.trim() !== '' || appId === shown) return;
      appInput.value = appId;
      void load(appId);
    },
  };
}
