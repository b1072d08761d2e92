// Ids and codes in the docs exist in the sandbox, so a reader who copies them gets what the doc
// says. Scanned: every line (prose and every code block) of README.md, docs/**/*.md (not the
// generated docs/api/), packages/*/README.md, examples/*/README.md and docs/router-examples/*.ts.
// What the sandbox knows is read from its sources, never copied here:
//
// - `processId: '…'` must be in the embedded process catalogue (gateway/dialogs/embeddedProcesses.ts);
//   any other id aborts the session with InternalError.
// - `sku: '…'` must be in the demo catalogue (demoConfig(): product groups, operator products).
//   JSON's `"sku": "…"` is not checked: in our docs it declares a catalogue of its own.
// - A dial string `*<main>*<app code>[*…]#` of the sandbox's main code must use the demo app's
//   code, as the sandbox answers it (`*384*1#`), unless the file registers apps itself: it says
//   `POST /sandbox/apps` or sets an `appCode` (examples/bill-pay/README.md registers `*384*2#`), or
//   its codes are Africa's Talking service codes (it names `serviceCode`).
//   Dial strings of other main codes (upstream's `*425*…#`) are not the sandbox's.
// - `merchantCode: '…'`: any code pays, except those starting with 999 (InvalidMerchant), which
//   only a file that names the failure (`InvalidMerchant`) may use.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createSandbox, DEMO, demoConfig } from '@ussdkit/reference-server';
import { describe, expect, it } from 'vitest';
import { embeddedProcessCatalogue } from '../../packages/reference-server/src/gateway/dialogs/embeddedProcesses';
import { docFiles, root } from '../../scripts/check-doc-blocks.mjs';
import {
  findSandboxValues,
  type SandboxKnowledge,
  sandboxValueProblems,
} from './sandboxValueProblems';

/** The demo app's short code, from the sandbox itself (`PATCH` answers it; nothing changes). */
async function demoShortcode(): Promise<string> {
  const sandbox = createSandbox({ webPhone: false });
  try {
    const answer = await sandbox.fetch(
      new Request(`http://sandbox/sandbox/apps/${DEMO.appId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    return ((await answer.json()) as { shortcode: string }).shortcode;
  } finally {
    await sandbox.close();
  }
}

async function sandboxKnowledge(): Promise<SandboxKnowledge> {
  const { catalogue } = demoConfig();
  return {
    processIds: Object.keys(embeddedProcessCatalogue),
    skus: [
      ...catalogue.productGroups.flatMap((group) => group.products.map((product) => product.sku)),
      ...catalogue.operatorProducts.map((product) => product.sku),
    ],
    demoShortcode: await demoShortcode(),
  };
}

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const problemsIn = (file: string, knows: SandboxKnowledge) =>
  sandboxValueProblems(relative(root, file), readFileSync(file, 'utf8'), knows);

describe('ids and codes in the docs', () => {
  it('finds TypeScript properties and dial strings, at their lines', () => {
    const values = findSandboxValues(readFileSync(fixture('values.md'), 'utf8'));
    expect(values.map(({ line, kind, value }) => `${line} ${kind} ${value}`)).toEqual([
      '3 dial *384*1#',
      '3 dial *384*1*5#',
      '3 dial *384*12#',
      '4 dial *425*7#',
      '7 processId confirm-identity',
      '8 processId kyc-basic',
      '9 sku data-1gb',
      '10 sku D1G',
      '11 merchantCode SHOP-01',
      '12 merchantCode 999-01',
    ]);
  });

  it('names the file, line and value, and what the sandbox has instead', async () => {
    const knows = await sandboxKnowledge();
    expect(knows.demoShortcode).toBe('384*1');
    expect(problemsIn(fixture('values.md'), knows)).toEqual([
      expect.stringMatching(
        /^test\/docs\/fixtures\/values\.md:3: dial string '\*384\*12#' dials app code 12, .* its demo app is \*384\*1# \(app code 1\)/,
      ),
      "test/docs/fixtures/values.md:8: processId 'kyc-basic' is not an embedded process of the sandbox, which has confirm-identity, accept-terms",
      expect.stringMatching(
        /^test\/docs\/fixtures\/values\.md:10: sku 'D1G' is not in the sandbox's demo catalogue, which has airtime, data-500mb, .*, mtn-airtime/,
      ),
      expect.stringMatching(
        /^test\/docs\/fixtures\/values\.md:12: merchantCode '999-01' starts with 999, .*InvalidMerchant/,
      ),
    ]);
    // A file that registers its own app may dial it, and one that names InvalidMerchant use 999.
    expect(problemsIn(fixture('registersApps.md'), knows)).toEqual([]);
  });

  it('every id and code in README.md, docs/, the READMEs and the router examples exists', async () => {
    const knows = await sandboxKnowledge();
    const examples = join(root, 'docs', 'router-examples');
    const files = [
      ...docFiles(),
      ...readdirSync(examples)
        .filter((name) => name.endsWith('.ts'))
        .map((name) => join(examples, name)),
    ];
    expect(files.map((file) => relative(root, file))).toEqual(
      expect.arrayContaining(['README.md', 'docs/router.md', 'docs/router-examples/payments.ts']),
    );
    expect(files.flatMap((file) => problemsIn(file, knows))).toEqual([]);
  });
});
