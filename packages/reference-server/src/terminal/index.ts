/**
 * @module
 * The terminal phone of the sandbox (`ussdkit-sandbox dial`).
 */
export {
  createDialCommand,
  DEFAULT_SANDBOX_URL,
  type DialStreams,
  dialCommand,
  dialUsage,
} from './dialCommand';
export { FRAME_WIDTH, type FrameOptions, frameScreen } from './frameScreen';
export { DEFAULT_MSISDN, type DialOutcome, type RunDialOptions, runDial } from './runDial';
export {
  NoSandboxError,
  SandboxAnswerError,
  type SandboxPhoneApi,
  type ScreenAnswer,
  type SessionSummary,
  sandboxPhoneApi,
} from './sandboxPhoneApi';
export { wrapText } from './wrapText';
