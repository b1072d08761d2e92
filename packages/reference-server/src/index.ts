/**
 * @module @ussdkit/reference-server
 *
 * A runnable implementation of the USSD and acquire service: sandbox, USSD gateway, phone simulator, billing
 */
export {};
