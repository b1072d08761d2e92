import { normalizeMsisdn } from '@ussdkit/protocol';

/** Operators the upstream document allows in `new` requests. */
export const operators = ['mtn', 'airtel', 'glo', 'etisalat'] as const;

/** One of {@link operators}. */
export type Operator = (typeof operators)[number];

/**
 * The network of a number whose prefix the sandbox does not know (`0700`, `0804`, ...): MTN, the
 * largest Nigerian network and the operator the sandbox used for every number before it read
 * prefixes.
 */
export const DEFAULT_NETWORK: Operator = 'mtn';

/** Nigerian number prefixes (the first four digits of the `0…` form) and their networks. */
const PREFIXES: Readonly<Record<Operator, readonly string[]>> = {
  mtn: [
    '0703',
    '0706',
    '0803',
    '0806',
    '0810',
    '0813',
    '0814',
    '0816',
    '0903',
    '0906',
    '0913',
    '0916',
  ],
  glo: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  airtel: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0912'],
  etisalat: ['0809', '0817', '0818', '0908', '0909'],
};

const NETWORK_BY_PREFIX = new Map<string, Operator>(
  operators.flatMap((operator) => PREFIXES[operator].map((prefix) => [prefix, operator] as const)),
);

/**
 * The network of a Nigerian number, from its prefix (`0805…` is `glo`), in any of the five
 * upstream forms; {@link DEFAULT_NETWORK} for an unknown prefix or a number in no known form.
 * The sandbox's one source of the `operator` of a number: a dial and a push to the same number
 * always name the same operator (docs/gateway.md, "Operator of a number").
 *
 * @example
 * ```ts
 * networkOf('+2348051234567'); // 'glo'
 * networkOf('08031234567'); // 'mtn'
 * ```
 */
export function networkOf(msisdn: string): Operator {
  let national: string;
  try {
    national = `0${normalizeMsisdn(msisdn).slice('+234'.length)}`;
  } catch {
    return DEFAULT_NETWORK;
  }
  return NETWORK_BY_PREFIX.get(national.slice(0, 4)) ?? DEFAULT_NETWORK;
}
