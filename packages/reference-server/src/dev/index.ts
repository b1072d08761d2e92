/**
 * @module @ussdkit/reference-server/dev
 *
 * `ussdkit dev` (`ussdkit-sandbox dev <module>`): an app module served to the sandbox with live
 * reload, its errors shown with the screen and the customer's inputs (docs/dev.md).
 */
export type { DevApp } from './DevApp';
export { type DevCommandIo, type DevCommandOptions, devCommand } from './devCommand';
export { type DevOptions, type RunningDev, runDev } from './runDev';
