import { describe, expect, it } from 'vitest';
import { parseTrigger, triggerErrorCodes } from './trigger';

describe('parseTrigger', () => {
  it('reads every documented trigger', () => {
    for (const code of triggerErrorCodes) {
      expect(parseTrigger(`fail-${code}`)).toEqual({ kind: 'fail', error: code });
      expect(parseTrigger(`reject-${code}`)).toEqual({ kind: 'reject', error: code });
    }
    expect(parseTrigger('unknown-success')).toEqual({ kind: 'unknown', final: 'SUCCESS' });
    expect(parseTrigger('unknown-failure')).toEqual({ kind: 'unknown', final: 'FAILURE' });
    expect(parseTrigger('slow')).toEqual({ kind: 'slow' });
  });

  it('treats anything else as an ordinary beneficiary', () => {
    for (const id of ['08031234567', 'fail-TIMEOUT', 'fail-', 'Fail-INTERNAL', 'slowly']) {
      expect(parseTrigger(id)).toEqual({ kind: 'none' });
    }
  });
});
