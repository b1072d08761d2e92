import type { EmbeddedProcessOptions, EmbeddedProcessScreen } from '../Screen';
import type { ScreenExtras } from '../ScreenFactories';

/**
 * Declares an embedded process run by the service; `next` receives its `resultParams`.
 *
 * @example
 * ```ts
 * embeddedProcess({ processId: 'kyc', params: { level: '1' }, next: 'done' })
 * ```
 */
export function embeddedProcess<S, const T extends string, L extends string = string>(
  options: EmbeddedProcessOptions<S, T, L> & ScreenExtras<S, T, L>,
): EmbeddedProcessScreen<S, T, L> {
  return { ...options, kind: 'embeddedProcess' };
}
