/** The pseudo-target of `finish(result)`: never a screen name (names of flows have no `@`). */
export const RETURN = '@return';

/** What `finish(result)` returns: the engine sees it and returns to the caller. */
export class FlowReturn {
  readonly go = RETURN;
  constructor(readonly result: unknown) {}
}
