/**
 * @module @ussdkit-examples/airtime-shop
 *
 * The airtime shop example: its flow (`createShopApp`), its Express server (`startShop`) and the
 * demo that `pnpm start` runs (`startDemo`).
 */
export * from './app';
export * from './config';
export * from './dataBundles';
export * from './deliver';
export * from './demo';
export * from './Order';
export * from './Receipt';
export * from './server';
export * from './settlePayment';
export * from './texts';
