/**
 * @module @ussdkit/client
 *
 * Typed client for the USSD and acquire service: acquire flows, operator products, push, profiles
 */
export {};
