import type * as rules from '@ussdkit/reference-server/rules';

/** A product of the mock catalogue, with the answer of the amount endpoint for it. */
export type MockProduct = rules.CatalogueProductData;

/** A product group of the mock catalogue (the sandbox's catalogue group). */
export type MockProductGroup = rules.CatalogueGroupData;

/** What the mocked catalogue endpoints answer: the sandbox's catalogue data. */
export type MockCatalogue = rules.CatalogueData;

/**
 * The catalogue of the reference server's demo configuration, which the handlers serve by
 * default: a static `airtime-data` group (every amount source), a beneficiary-specific `cable`
 * group (any 10-digit smart card number but `0000000000`) and four operator products. The same
 * function the sandbox's `demoConfig()` uses, so the two cannot differ.
 *
 * @example
 * ```ts
 * const catalogue = demoCatalogue();
 * serviceHandlers({ catalogue: { ...catalogue, operatorProducts: [] } });
 * ```
 */
export { demoCatalogue } from '@ussdkit/reference-server/rules';
