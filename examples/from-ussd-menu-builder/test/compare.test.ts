// examples/from-ussd-menu-builder/test/compare.test.ts: the comparison, as a porter runs it
import { africasTalking } from '@ussdkit/africastalking';
import { compareWithMenuBuilder, formatComparison } from '@ussdkit/testing/compare';
import { expect, it } from 'vitest';
import { bankingMenu } from '../src/banking/original';
import { bankingApp } from '../src/banking/port';
import { fakeServices } from '../src/services';

it('answers as the original does, a re-ask with its reason aside', async () => {
  const comparison = await compareWithMenuBuilder({
    original: () => bankingMenu(fakeServices()),
    port: () => africasTalking(bankingApp(fakeServices())),
    sequences: [['1', '250'], ['2'], ['3', '1234'], ['3', '12', '1234'], ['9']],
  });
  expect(comparison.differences.map((difference) => difference.kind)).toEqual(['reask']);
  expect(formatComparison(comparison)).toBe(
    [
      '14 requests: 13 identical, 1 different (1 re-ask with a reason)',
      '',
      '  reask in sequence 3, after 3 › 12',
      '      original: CON Enter your PIN:',
      '      port:     CON Your PIN has 4 digits.',
      '                Enter your PIN:',
    ].join('\n'),
  );
});
