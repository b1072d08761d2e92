import type { z } from 'zod';

/**
 * A `callFlow` screen passed params that the flow's `params` schema refuses, or a flow finished
 * with a result its `result` schema refuses. Thrown while handling the event: it reaches
 * `onError` and the customer sees `messages.unavailable`. The message lists the schema's issues
 * by path, never the values.
 *
 * @example
 * ```ts
 * onError: (error) => { if (error instanceof FlowParamsError) console.error(error.flow, error.issues); }
 * ```
 */
export class FlowParamsError extends Error {
  override readonly name = 'FlowParamsError';
  readonly code = 'FLOW_PARAMS_INVALID';

  constructor(
    /** Where the flow is mounted, e.g. `pay`. */
    readonly flow: string,
    /** `params` when entering the flow, `result` when returning from it. */
    readonly which: 'params' | 'result',
    /** The screen that called the flow. */
    readonly screen: string,
    /** The schema's issues. */
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const listed = issues
      .map(
        (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`,
      )
      .join('; ');
    super(
      which === 'params'
        ? `screen "${screen}" called flow "${flow}" with params its \`params\` schema refuses (${listed}): pass what the schema asks`
        : `flow "${flow}" (called by screen "${screen}") finished with a result its \`result\` schema refuses (${listed}): give \`finish\` what the schema asks`,
    );
  }
}
