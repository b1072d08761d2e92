import type { AfricasTalkingArgs, FetchHandler } from '../MenuBuilderComparison';
import type { Outcome } from './askOriginal';

/** One request to the port, as Africa's Talking posts it: a form, answered `CON …` or `END …`. */
export async function askPort(
  port: FetchHandler,
  args: AfricasTalkingArgs,
  networkCode: string,
): Promise<Outcome> {
  const body = new URLSearchParams({ ...args, networkCode });
  try {
    const response = await port(new Request('http://127.0.0.1/ussd', { method: 'POST', body }));
    const text = await response.text();
    if (response.status !== 200) return { failure: `HTTP ${response.status}: ${text}` };
    return { answer: text };
  } catch (error) {
    return { failure: `threw: ${error instanceof Error ? error.message : String(error)}` };
  }
}
