import type { AcquireOperation } from '@ussdkit/reference-server/rules';
import type { App, CallbackAttempt, Developer } from '@ussdkit/reference-server/service';

/** A developer account of the mocked service: the sandbox's developer record. */
export type MockDeveloper = Developer;

/** A USSD app of the mocked service: the sandbox's app record (its protocol included). */
export type MockApp = App;

/**
 * An acquire the mocked service recorded: the sandbox rules' record of an acquire, with its
 * `transactionId` and `reference` given when it was accepted.
 */
export type MockOperation = AcquireOperation;

/** One callback delivery attempt, as the reference server's `GET /sandbox/callbacks` lists it. */
export type CallbackLogEntry = CallbackAttempt;
