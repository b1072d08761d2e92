/**
 * @module @ussdkit-examples/bill-pay
 *
 * The bill pay example: its flow (`createBillPayApp`) and its Hono server (`startBillPay`).
 */
export * from './app';
export * from './billPayments';
export * from './cablePackages';
export * from './config';
export * from './server';
