import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { gatewayTexts } from '@ussdkit/protocol';
import { FRAME_WIDTH, frameScreen } from './frameScreen';
import {
  NoSandboxError,
  SandboxAnswerError,
  type ScreenAnswer,
  type SessionSummary,
  sandboxPhoneApi,
} from './sandboxPhoneApi';

/** Options of {@link runDial}. */
export interface RunDialOptions {
  /** Where the sandbox listens, e.g. `http://127.0.0.1:4000`. */
  readonly baseUrl: string;
  /** The short code to dial, e.g. `*384*1#` (or a recovery short code). */
  readonly dial: string;
  /** The phone number that dials. @defaultValue `"+2348030000001"` */
  readonly msisdn?: string;
  /** Where answers are read, one line each. @defaultValue `process.stdin` */
  readonly input?: Readable;
  /** Where screens are written. @defaultValue `process.stdout` */
  readonly output?: Writable;
  /** Characters inside the phone frame. @defaultValue 30 */
  readonly width?: number;
}

/** How a terminal session ended. */
export interface DialOutcome {
  /** 0 when a session ran to its end (whatever the reason), 1 when none could run. */
  readonly exitCode: 0 | 1;
  readonly sessionId?: string;
  /** `End`, `Abandon` or `Timeout`, for a closed session. */
  readonly closeReason?: string;
  /** The abort reason type, e.g. `InternalError`, for an aborted session. */
  readonly abortReason?: string;
  /** Why the session aborted, as the sandbox explains it (also printed). */
  readonly abortMessage?: string;
}

/** The phone number the simulators dial from unless told otherwise. */
export const DEFAULT_MSISDN = '+2348030000001';

const CANCEL_COMMAND = '/cancel';
const HELP = `answer, or ${CANCEL_COMMAND} (Ctrl-D) to hang up`;
const SECRET_HELP = `secret answer (shown as •••• once sent), or ${CANCEL_COMMAND} (Ctrl-D) to hang up`;
/** What the phone writes for a secret once it is sent (the sandbox's mask, docs/security.md). */
const SECRET_MASK = gatewayTexts.secretMask;
/** Up one line, back to its start, and clear it: where a terminal echoed what was typed. */
const ERASE_ECHOED_LINE = '\x1b[1A\r\x1b[2K';

function endText(summary: SessionSummary): string {
  const ticks = `${summary.ticks} tick${summary.ticks === 1 ? '' : 's'}, NGN ${summary.fee}`;
  if (summary.abortReason !== undefined) {
    // The explanation gets its own paragraph: it is what the developer has to act on.
    const why = summary.abortMessage === undefined ? '' : `\n\n${summary.abortMessage}`;
    return `Session aborted: ${summary.abortReason} (${ticks}).${why}`;
  }
  return `Session closed: ${summary.closeReason ?? 'ended'} (${ticks}).`;
}

function stateText(summary: SessionSummary): string {
  if (summary.abortReason !== undefined) return `aborted: ${summary.abortReason}`;
  return summary.closeReason ?? 'closed';
}

/**
 * The terminal phone: dials `dial` on a running sandbox, shows each screen framed like a phone,
 * reads one line per answer, and hangs up on `/cancel`, Ctrl-D or Ctrl-C. Prints the close or
 * abort reason with the session's ticks and fee at the end (and, for an abort, the sandbox's
 * sentence saying why), and a clear message when no sandbox answers at `baseUrl`. Never throws for a sandbox failure: the outcome says what happened.
 *
 * @example
 * ```ts
 * const outcome = await runDial({ baseUrl: 'http://127.0.0.1:4000', dial: '*384*1#' });
 * process.exitCode = outcome.exitCode;
 * ```
 */
export async function runDial(options: RunDialOptions): Promise<DialOutcome> {
  const output = options.output ?? process.stdout;
  const input = options.input ?? process.stdin;
  const write = (text: string) => output.write(`${text}\n`);
  const width = options.width ?? FRAME_WIDTH;
  const phone = sandboxPhoneApi(options.baseUrl);
  const interactive = 'isTTY' in input && input.isTTY === true;
  const drawsOnTerminal = 'isTTY' in output && output.isTTY === true;
  const lines = createInterface({ input, terminal: false });
  // Ctrl-C in a terminal hangs up like Ctrl-D (the session is cancelled, not left open).
  const hangUp = () => lines.close();
  if (interactive) process.once('SIGINT', hangUp);
  const nextLine = lines[Symbol.asyncIterator]();
  const show = (answer: ScreenAnswer, status: string, footer?: string) =>
    write(
      frameScreen(answer.screen, {
        width,
        title: options.dial,
        status,
        ...(footer === undefined ? {} : { footer }),
      }),
    );

  let sessionId: string | undefined;
  try {
    let answer = await phone.dial(options.msisdn ?? DEFAULT_MSISDN, options.dial);
    sessionId = answer.sessionId;
    while (answer.open) {
      const secret = answer.secret === true;
      show(answer, 'open', secret ? SECRET_HELP : HELP);
      output.write('> ');
      const line = await nextLine.next();
      const text = line.done === true ? undefined : String(line.value);
      // A terminal echoes what was typed; piped input is echoed here, so the output reads alike.
      // A secret shows as typed, as on a handset, then as the mask in what stays on screen.
      const echoed =
        text === undefined || !secret || text.trim() === CANCEL_COMMAND ? text : SECRET_MASK;
      if (!interactive || text === undefined) write(echoed ?? '');
      else if (secret && drawsOnTerminal) write(`${ERASE_ECHOED_LINE}> ${echoed}`);
      if (text === undefined || text.trim() === CANCEL_COMMAND) {
        await phone.cancel(answer.sessionId);
        answer = { ...answer, open: false };
        break;
      }
      try {
        answer = await phone.input(answer.sessionId, text);
      } catch (error) {
        // The session ended while the user typed (a timeout, a clock advance): say so, then end.
        if (!(error instanceof SandboxAnswerError && error.code === 'SESSION_CLOSED')) throw error;
        write('The session had already ended.');
        answer = { ...answer, open: false };
      }
    }
    const summary = await phone.session(sessionId);
    show(answer, stateText(summary));
    write(endText(summary));
    return {
      exitCode: 0,
      sessionId,
      ...(summary.closeReason === undefined ? {} : { closeReason: summary.closeReason }),
      ...(summary.abortReason === undefined ? {} : { abortReason: summary.abortReason }),
      ...(summary.abortMessage === undefined ? {} : { abortMessage: summary.abortMessage }),
    };
  } catch (error) {
    if (error instanceof NoSandboxError || error instanceof SandboxAnswerError) {
      write(error.message);
      return { exitCode: 1, ...(sessionId === undefined ? {} : { sessionId }) };
    }
    throw error;
  } finally {
    process.off('SIGINT', hangUp);
    lines.close();
  }
}
