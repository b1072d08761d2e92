import { PortInUseError, portInUseMessage } from '../../PortInUseError';

/**
 * Starts a command's server. A taken port is told to `err` with how to pick another (`what`
 * names the command: `dev`, `the sandbox`) and gives `undefined`, for the command to exit 1;
 * any other failure is thrown.
 */
export async function listenOrExplain<T>(
  start: () => Promise<T>,
  what: string,
  err: (line: string) => void,
): Promise<T | undefined> {
  try {
    return await start();
  } catch (error) {
    if (!(error instanceof PortInUseError)) throw error;
    const remedy = `Start ${what} on another port with --port <n> (--port 0 picks a free one).`;
    err(portInUseMessage(error, remedy));
    return undefined;
  }
}
