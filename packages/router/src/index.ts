/**
 * @module @ussdkit/router
 *
 * Declare USSD screens, get the new/continue/close/abort handlers: typed state, navigation, validation, session stores
 */
export {};
