/**
 * The three known errors of the upstream OpenAPI document 1.6.4 (docs/decisions/0007-wire-protocol.md), patched
 * in this one place. Nothing else is loosened.
 */
type Json = Record<string, unknown>;

function at(document: Json, ...path: string[]): Json {
  let node: unknown = document;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !(key in node)) {
      throw new Error(`upstream document has no ${path.join('/')}; was it replaced?`);
    }
    node = (node as Json)[key];
  }
  return node as Json;
}

/**
 * Returns a patched deep copy of the upstream document:
 * 1. `Failure.cause` is a bare string enum in the schema, but upstream's own example (and the
 *    spec) sends `{type: <cause>}`: the patched schema accepts both.
 * 2. `FixedAccount` requires `accountNumber` in the schema, but the examples (and the spec)
 *    send `account`: the patched schema requires `account` and still allows `accountNumber`.
 * 3. The Redirect action example says `"type": "UssdAction.Redirect"`, a code generator's name;
 *    on the wire it is `"Redirect"` (the schema's enum and the 1.6.0 example): the examples are
 *    corrected.
 */
export function patchUpstreamDocument<T extends object>(document: T): T {
  const copy = structuredClone(document) as unknown as Json;
  const schemas = at(copy, 'components', 'schemas');

  // 1. Failure.cause: string enum or {type: enum}.
  const causeRef = {
    $ref: '#/components/schemas/MerchantPaymentResult.OperationStatus.Failure.Cause',
  };
  at(schemas, 'Failure', 'properties').cause = {
    oneOf: [causeRef, { type: 'object', required: ['type'], properties: { type: causeRef } }],
  };

  // 2. FixedAccount: `account` (spec, examples) rather than `accountNumber` (schema).
  const fixedAccount = at(schemas, 'FixedAccount');
  const properties = at(fixedAccount, 'properties');
  properties.account = properties.accountNumber;
  fixedAccount.required = ['account', 'bank', 'type'];

  // 3. Redirect examples: the wire value is "Redirect".
  for (const event of ['new', 'continue']) {
    const examples = at(
      copy,
      'paths',
      `/ussdSessionEvent/${event}`,
      'post',
      'responses',
      '200',
      'content',
      'application/json',
      'examples',
    );
    const redirect = at(examples, 'RedirectExample', 'value', 'action');
    redirect.type = 'Redirect';
  }
  return copy as unknown as T;
}
