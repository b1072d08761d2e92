import type { MerchantPaymentFailureCause } from '@ussdkit/protocol';

/**
 * One thing the explorer's customer (or the gateway for them) sends after the start: text typed
 * on an input or chooser, a process result, another app's return.
 *
 * @example
 * ```ts
 * const steps: ExploreStep[] = [{ type: 'text', value: '1' }, { type: 'payment', status: 'Success' }];
 * ```
 */
export type ExploreStep =
  | { readonly type: 'text'; readonly value: string }
  | {
      readonly type: 'payment';
      readonly status: 'Success' | 'Unknown' | 'Failure';
      readonly cause?: MerchantPaymentFailureCause | undefined;
    }
  | { readonly type: 'embedded'; readonly resultParams: Readonly<Record<string, string>> }
  | { readonly type: 'return'; readonly resultParams: Readonly<Record<string, string>> };

/**
 * How a session starts: a dial (short code), a push (its `contextData`), or a redirect from
 * another app (with its process, if any).
 *
 * @example
 * ```ts
 * const starts: ExploreStart[] = [{ dial: '*384*1#' }, { redirectIn: { id: 'buy-airtime' } }];
 * ```
 */
export type ExploreStart =
  | { readonly dial: string }
  | { readonly push: string }
  | {
      readonly redirectIn: {
        readonly id: string;
        readonly params?: Readonly<Record<string, string>> | undefined;
      } | null;
    };
