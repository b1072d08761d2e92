/**
 * @module @ussdkit/router
 *
 * Declare USSD screens, get one core that answers the gateway's events: `app.dispatch` (typed
 * events), `app.fetch` (a web `Request`), `app.door` (for the Node bridge of
 * `@ussdkit/router/node`); typed state, navigation, validation, session stores.
 */
export * from './AppObserver';
export * from './AppOptions';
export * from './CatalogueError';
export * from './Context';
export * from './catalogue';
export * from './createApp';
export * from './Dispatch';
export * from './Door';
export * from './defineFlow';
export * from './ErrorInfo';
export * from './Flow';
export * from './FlowDefinitionError';
export * from './FlowGraph';
export * from './FlowParamsError';
export * from './frenchMessages';
export * from './Instrumentation';
export * from './Navigation';
export * from './ResumeNotSupportedError';
export * from './ResumeOptions';
export * from './RouterEvent';
export * from './Screen';
export * from './ScreenFactories';
export * from './ScreenTooLongError';
export * from './SessionAlreadyOpenError';
export * from './SessionStore';
export * from './screens/callFlow';
export * from './screens/chooser';
export * from './screens/embeddedProcess';
export * from './screens/info';
export * from './screens/input';
export * from './screens/legacyAppRedirect';
export * from './screens/merchantPayment';
export * from './screens/redirect';
export * from './screens/returnFromRedirect';
export * from './stores/contextDataStore';
export * from './stores/contextDataStoreErrors';
export * from './stores/memoryStore';
export * from './stores/redisStoreErrors';
export * from './TextEvent';
export * from './Translations';
export * from './UnknownLanguageError';
