/**
 * @module @ussdkit-examples/flows
 *
 * Flows shared by the example apps: `confirmAndPay`, mounted by Bill Pay and the airtime shop.
 */
export * from './confirmAndPay';
