import type { AfricasTalkingArgs, MenuBuilderLike } from '../MenuBuilderComparison';

/** An answer, or why there was none. */
export type Outcome = { readonly answer: string } | { readonly failure: string };

/**
 * One request to a ussd-menu-builder app: its `run` promise, or the `error` event it emits instead
 * (then the promise never settles), or nothing within `timeoutMs`.
 */
export async function askOriginal(
  menu: MenuBuilderLike,
  args: AfricasTalkingArgs,
  timeoutMs: number,
): Promise<Outcome> {
  let onError: ((error: unknown) => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const failed = new Promise<Outcome>((resolve) => {
    onError = (error) => resolve({ failure: `error event: ${describe(error)}` });
    menu.once?.('error', onError);
    timer = setTimeout(() => resolve({ failure: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  try {
    return await Promise.race([
      menu.run(args).then(
        (answer): Outcome => ({ answer }),
        (error: unknown): Outcome => ({ failure: `rejected: ${describe(error)}` }),
      ),
      failed,
    ]);
  } finally {
    clearTimeout(timer);
    if (onError !== undefined) menu.removeListener?.('error', onError);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
