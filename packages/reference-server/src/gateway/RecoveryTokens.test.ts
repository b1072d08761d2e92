import { describe, expect, it } from 'vitest';
import { RECOVERY_VALIDITY_MS, RecoveryTokens } from './RecoveryTokens';

describe('RecoveryTokens', () => {
  it('issues *main*app*5 digits# codes that redeem once', () => {
    const tokens = new RecoveryTokens();
    const code = tokens.issue('384', '12', 's1', 0);
    expect(code).toMatch(/^\*384\*12\*\d{5}#$/);
    expect(tokens.redeem(code, 1)).toBe('s1');
    expect(tokens.redeem(code, 2)).toBeUndefined();
  });

  it('expires codes after 5 minutes and revokes them on demand', () => {
    const tokens = new RecoveryTokens();
    const late = tokens.issue('384', '12', 's1', 0);
    expect(tokens.redeem(late, RECOVERY_VALIDITY_MS)).toBeUndefined();
    const revoked = tokens.issue('384', '12', 's2', 0);
    tokens.revoke(revoked);
    expect(tokens.redeem(revoked, 1)).toBeUndefined();
  });
});
