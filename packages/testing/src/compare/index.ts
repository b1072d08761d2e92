/**
 * @module @ussdkit/testing/compare
 *
 * A port from ussd-menu-builder, checked against its original: both answer the same Africa's
 * Talking requests, and every difference is listed (docs/migrating-from-ussd-menu-builder.md).
 * ussd-menu-builder is never loaded here: the original is passed in.
 */
export * from './compareWithMenuBuilder';
export * from './formatComparison';
export type * from './MenuBuilderComparison';
