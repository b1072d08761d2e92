import { merchantPaymentFailureCauses } from '@ussdkit/protocol';
import type { HarnessSession } from '../../HarnessSession';
import type { ExploreOptions } from '../ExploreOptions';
import type { ExploreStep } from '../ExploreStep';
import { inputSamples } from './inputSamples';

/**
 * Everything the customer (or the gateway) can send on the session's current screen `name`:
 * each chooser item, the input samples, each process outcome, each return from a redirect.
 */
export function nextSteps(
  session: HarnessSession,
  name: string,
  screen: { readonly validate?: unknown } | undefined,
  options: ExploreOptions,
): ExploreStep[] {
  const { waiting } = session;
  const text = (value: string): ExploreStep => ({ type: 'text', value });
  switch (waiting.kind) {
    case 'chooser':
      return waiting.view.items.map((item) => text(item.accessKey));
    case 'input':
      return inputSamples(screen?.validate, options.inputs?.[name] ?? []).map(text);
    case 'process':
      if (waiting.process.type === 'EmbeddedProcess') {
        return (options.embeddedResults ?? [{}]).map((resultParams) => ({
          type: 'embedded',
          resultParams,
        }));
      }
      return [
        { type: 'payment', status: 'Success' },
        { type: 'payment', status: 'Unknown' },
        ...merchantPaymentFailureCauses.map(
          (cause): ExploreStep => ({ type: 'payment', status: 'Failure', cause }),
        ),
      ];
    case 'redirect':
      return (options.redirectResults ?? [{}]).map((resultParams) => ({
        type: 'return',
        resultParams,
      }));
    case 'none':
      return [];
  }
}
