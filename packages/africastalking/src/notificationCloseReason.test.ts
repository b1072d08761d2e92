import { describe, expect, it } from 'vitest';
import { notificationCloseReason } from './notificationCloseReason';

describe('notificationCloseReason', () => {
  it.each([
    ['Incomplete', undefined, 'Abandon'],
    ['Failed', 'Network error', 'Abandon'],
    ['Success', '', 'Abandon'],
    ['Failed', 'USER_TIMEOUT', 'Timeout'],
    ['Failed', 'Session timed out', 'Timeout'],
    ['Incomplete', 'session expired', 'Timeout'],
    ['Timeout', undefined, 'Timeout'],
  ] as const)('status %s, errorMessage %j: %s', (status, errorMessage, reason) => {
    const notification = {
      sessionId: 'ATUid_1',
      status,
      ...(errorMessage === undefined ? {} : { errorMessage }),
    };
    expect(notificationCloseReason(notification)).toBe(reason);
  });
});
