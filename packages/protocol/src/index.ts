/**
 * @module @ussdkit/protocol
 *
 * Zod schemas and inferred types for every wire shape of the service: the service endpoints
 * (`service`), the four app endpoints the gateway calls (`app`), and the callbacks. Parsing is
 * tolerant (unknown fields and upstream 1.6.4 variants are read); the shapes we write follow the
 * spec. Also the helpers every side needs: short codes, msisdns, chooser rendering, the chooser
 * rule (`chooseItem`) and its re-ask (`reaskChooser`), the gateway's own texts (`gatewayTexts`),
 * and the GSM 7-bit / UCS-2 screen measure.
 */

export * from './app/abortSession';
export * from './app/actions';
export * from './app/closeSession';
export * from './app/common';
export * from './app/continueSession';
export * from './app/newSession';
export * from './app/processes';
export * from './app/views';
export * from './callbacks/acquireCallback';
export * from './callbacks/merchantPaymentCallback';
export * from './chooseItem';
export * from './endpoints';
export * from './gatewayTexts';
export { hasAtMostTwoDecimals } from './internal/fields';
export * from './measureScreen';
export * from './normalizeMsisdn';
export * from './ProtocolError';
export * from './parseShortcode';
export * from './parseWire';
export * from './reaskChooser';
export * from './renderChooser';
export * from './secretInput';
export * from './service/acquire';
export * from './service/amount';
export * from './service/errorBody';
export * from './service/merchantAccounts';
export * from './service/merchantPayment';
export * from './service/operationHistory';
export * from './service/operatorProducts';
export * from './service/product';
export * from './service/productGroups';
export * from './service/profiles';
export * from './service/push';
export * from './service/referencedEndpoints';
export * from './Unrecognised';
