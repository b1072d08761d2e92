import type {
  AcquireCallback,
  MerchantPaymentCallback,
  OperationCallback,
} from '@ussdkit/protocol';
import { type ParsedCallback, parseCallback } from './parseCallback';
import { memorySeenStore, type SeenStore } from './SeenStore';

/**
 * Handlers per callback kind, and the store that dedupes redeliveries.
 *
 * @example
 * ```ts
 * const options: CallbackHandlerOptions = { onAcquire: async (callback) => console.log(callback.status.result) };
 * ```
 */
export interface CallbackHandlerOptions {
  readonly onAcquire?: (callback: AcquireCallback) => unknown;
  readonly onMerchantPayment?: (callback: MerchantPaymentCallback) => unknown;
  readonly onOperation?: (callback: OperationCallback) => unknown;
  /**
   * Where handled (operationId, result) pairs are remembered.
   * @defaultValue memorySeenStore()
   */
  readonly seen?: SeenStore;
}

/** What the handler did with one delivery. */
export interface CallbackOutcome {
  readonly parsed: ParsedCallback;
  /** True when this (operationId, result) was handled before, so no handler ran. */
  readonly duplicate: boolean;
}

/**
 * Makes a function that parses a callback body, skips redeliveries of the same
 * (operationId, result) and calls the handler for its kind. When the handler throws, the pair is
 * forgotten so the service's next redelivery is handled again; answer non-2xx in that case.
 *
 * @throws {@link InvalidCallbackError} for a body that is no callback.
 * @example
 * ```ts
 * const handle = createCallbackHandler({ onAcquire: async (c) => markPaid(c.operationId) });
 * app.post('/callbacks', async (req, res) => { await handle(req.body); res.sendStatus(200); });
 * ```
 */
export function createCallbackHandler(
  options: CallbackHandlerOptions,
): (body: unknown) => Promise<CallbackOutcome> {
  const seen = options.seen ?? memorySeenStore();
  return async (body) => {
    const parsed = parseCallback(body);
    const key = dedupeKey(parsed);
    if (!(await seen.add(key))) return { parsed, duplicate: true };
    try {
      await dispatch(options, parsed);
    } catch (error) {
      await seen.delete(key);
      throw error;
    }
    return { parsed, duplicate: false };
  };
}

function dedupeKey(parsed: ParsedCallback): string {
  const { callback } = parsed;
  const result = 'status' in callback ? callback.status.result : callback.result;
  return JSON.stringify([parsed.kind, callback.operationId, result]);
}

async function dispatch(options: CallbackHandlerOptions, parsed: ParsedCallback): Promise<void> {
  switch (parsed.kind) {
    case 'acquire':
      await options.onAcquire?.(parsed.callback);
      return;
    case 'merchantPayment':
      await options.onMerchantPayment?.(parsed.callback);
      return;
    case 'operation':
      await options.onOperation?.(parsed.callback);
      return;
  }
}
