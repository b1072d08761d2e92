import { describe, expect, it } from 'vitest';
import { RECOVERY_VALIDITY_MS, type RecoveryGrant, RecoveryTokens } from './RecoveryTokens';

const grant = (sessionId: string): RecoveryGrant => ({
  sessionId,
  appId: 'app-1',
  phone: '+2348031234567',
  contextData: 'promo',
});

describe('RecoveryTokens', () => {
  it('issues *main*app*5 digits# codes that redeem once, from the pushed phone', () => {
    const tokens = new RecoveryTokens();
    const code = tokens.issue('384', '12', grant('s1'), 0);
    expect(code).toMatch(/^\*384\*12\*\d{5}#$/);
    expect(tokens.redeem(code, '+2348059999999', 1)).toBeUndefined();
    expect(tokens.redeem(code, '+2348031234567', 1)).toEqual(grant('s1'));
    expect(tokens.redeem(code, '+2348031234567', 2)).toBeUndefined();
  });

  it('expires codes after 5 minutes and revokes them on demand', () => {
    const tokens = new RecoveryTokens();
    const late = tokens.issue('384', '12', grant('s1'), 0);
    expect(tokens.redeem(late, '+2348031234567', RECOVERY_VALIDITY_MS)).toBeUndefined();
    const revoked = tokens.issue('384', '12', grant('s2'), 0);
    tokens.revoke(revoked);
    expect(tokens.redeem(revoked, '+2348031234567', 1)).toBeUndefined();
  });

  it('drops expired codes as new ones are issued, so it holds 5 minutes of codes at most', () => {
    const tokens = new RecoveryTokens();
    for (let minute = 0; minute < 60; minute++) {
      for (let push = 0; push < 10; push++) {
        tokens.issue('384', '12', grant(`s${minute}-${push}`), minute * 60_000);
      }
    }
    expect(tokens.size).toBe(50);
    tokens.prune(60 * 60_000 + RECOVERY_VALIDITY_MS);
    expect(tokens.size).toBe(0);
  });

  it('finds a free code even when almost every code of the app is in use', () => {
    const tokens = new RecoveryTokens();
    const codes = new Set<string>();
    for (let push = 0; push < 99_990; push++) codes.add(tokens.issue('384', '7', grant('s'), 0));
    expect(codes.size).toBe(99_990);
  });
});
