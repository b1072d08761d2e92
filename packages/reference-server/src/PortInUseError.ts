/** The interface the sandbox listens on unless told otherwise. */
const DEFAULT_HOST = '127.0.0.1';

/**
 * The sentence for a port that is taken, ending with `remedy` (how to pick another port where
 * the reader is: an option, a flag, an environment variable).
 *
 * @example
 * ```ts
 * portInUseMessage({ port: 4000 }, 'Start the sandbox on another port with --port <n>.');
 * // "Port 4000 is already in use. Start the sandbox on another port with --port <n>."
 * ```
 */
export function portInUseMessage(
  where: { readonly port: number; readonly host?: string | undefined },
  remedy: string,
): string {
  const on = where.host === undefined || where.host === DEFAULT_HOST ? '' : ` on ${where.host}`;
  return `Port ${where.port}${on} is already in use. ${remedy}`;
}

/**
 * `startSandbox()` could not listen because something else already listens on the port
 * (`EADDRINUSE`, passed on as `cause`).
 *
 * @example
 * ```ts
 * try { await startSandbox({ port: 4000 }); }
 * catch (error) { if (error instanceof PortInUseError) await startSandbox({ port: 0 }); }
 * ```
 */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
  readonly code = 'EADDRINUSE';

  constructor(
    /** The port that is taken. */
    readonly port: number,
    /** The interface the sandbox tried to listen on. */
    readonly host: string,
    options?: ErrorOptions,
  ) {
    super(
      portInUseMessage(
        { port, host },
        'Start the sandbox on another port with the port option (0 picks a free one), or stop what listens there.',
      ),
      options,
    );
  }
}
