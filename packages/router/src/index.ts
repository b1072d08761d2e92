/**
 * @module @ussdkit/router
 *
 * Declare USSD screens, get the new/continue/close/abort handlers: typed state, navigation, validation, session stores
 */
export {};
export * from './stores/contextDataStore';
export * from './stores/contextDataStoreErrors';
export * from './stores/redisStore';
export * from './stores/redisStoreErrors';
