import type { FlowGraph } from '../FlowGraph';
import type { ScreenKind } from '../Screen';
import type { UnsupportedFeature } from './UnsupportedOnGatewayError';

/** What to do instead of each screen kind a text gateway cannot run (`{gateway}`: its name). */
const screenFixes: Partial<Record<ScreenKind, string>> = {
  merchantPayment:
    '{gateway} runs no payment inside a USSD session: start the payment outside it (a mobile-money checkout request from your handler) and show an info screen that says what happens next',
  embeddedProcess:
    '{gateway} runs no embedded process: ask the questions with input or chooser screens of your own',
  redirect:
    "{gateway} cannot hand a session to another app: put the other app's screens in this one, or end with an info screen naming the code to dial",
  returnFromRedirect:
    'a session on {gateway} is never redirected here, so there is nothing to return to: end with an info screen instead',
};

/**
 * The parts of a compiled app that a text gateway (`gateway`, as people write it) cannot serve, read from its inspectable graph:
 * the screens of the kinds above, and the push and redirect entry points.
 */
export function unsupportedFeatures(graph: FlowGraph, gateway: string): UnsupportedFeature[] {
  const screens = graph.nodes.flatMap((node) => {
    const fix = screenFixes[node.kind]?.replaceAll('{gateway}', gateway);
    return fix === undefined ? [] : [{ where: `screen '${node.name}'`, kind: node.kind, fix }];
  });
  const entries = graph.entries.flatMap((entry): UnsupportedFeature[] => {
    if (entry.via === 'Push') {
      return [
        {
          where: 'entry.push',
          kind: 'push',
          fix: `${gateway} cannot open a session by push: remove entry.push (it leads to '${entry.to}') and send an SMS inviting the customer to dial instead`,
        },
      ];
    }
    if (entry.via === 'Redirect') {
      return [
        {
          where: `entry.redirect['${entry.key}']`,
          kind: 'redirect',
          fix: `no app redirects a session here on ${gateway}: remove entry.redirect['${entry.key}'] (it leads to '${entry.to}'), or use entry.dial to open that screen from a dialled code`,
        },
      ];
    }
    return [];
  });
  return [...screens, ...entries];
}
