/**
 * @module @ussdkit/reference-server/dev
 *
 * `ussdkit dev` (`ussdkit-sandbox dev <module>`): an app module served to the sandbox with live
 * reload, its errors shown with the screen and the customer's inputs (docs/dev.md); and the
 * terminal phone's command, so that the `ussdkit` bin of `@ussdkit/testing` can dial it too.
 */

export { createDialCommand, type DialStreams } from '../terminal/dialCommand';
export type { DevApp } from './DevApp';
export { type DevCommandIo, type DevCommandOptions, devCommand } from './devCommand';
export { devDefaults } from './devDefaults';
export { importModule } from './loadAppModule';
export { type FlowApp, type FlowProblem, isFlowApp, publishFlow } from './publishFlow';
export { type DevOptions, type RunningDev, runDev } from './runDev';
