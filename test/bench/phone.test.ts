import { describe, expect, it } from 'vitest';
import { closeBody, continueBody, newBody, spelledOut } from '../../bench/support/phone';

describe("the bench phone's bodies", () => {
  it('are the bytes JSON.stringify gives for the same events, whatever the values hold', () => {
    for (const id of ['s-1', 'o3-3999', 'quote"back\\slash', 'ünï☃']) {
      expect(newBody(id)).toBe(spelledOut.newBody(id));
      for (const value of ['1', '500', '*#', '"\n']) {
        expect(continueBody(id, value, 'h2')).toBe(spelledOut.continueBody(id, value, 'h2'));
      }
      expect(closeBody(id, 'h3')).toBe(spelledOut.closeBody(id, 'h3'));
    }
    expect(JSON.parse(continueBody('s', '5', 'h1'))).toEqual({
      clientId: 'bench',
      appId: 'bench-app',
      msisdn: '+2348030000000',
      operator: 'mtn',
      sessionId: 's',
      result: { type: 'InputResult', value: '5' },
      contextData: 'h1',
    });
  });
});
