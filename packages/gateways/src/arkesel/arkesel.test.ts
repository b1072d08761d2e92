import { describe, expect, it } from 'vitest';
import { exampleApp } from '../../test/exampleApp';
import { answerOf, postJson } from '../../test/post';
import { arkesel } from './arkesel';

const ids = { sessionID: 'a-1', userID: 'arkesel_app', msisdn: '233244000001' };
const menu = 'Welcome\n1. Buy airtime\n2. My balance';

describe('arkesel', () => {
  it('refuses a request naming another userID than the userId option with 403', async () => {
    const handler = arkesel(exampleApp('GHS '), { userId: 'arkesel_app' });
    const other = postJson('/arkesel', { ...ids, userID: 'someone_else', newSession: true });
    expect(await answerOf(await handler(other))).toEqual([
      403,
      {
        code: 'WRONG_USER_ID',
        message: "The field userID names another Arkesel account than this app's userId option",
      },
    ]);
    const ours = postJson('/arkesel', { ...ids, newSession: true, userData: '*928*280#' });
    expect(await answerOf(await handler(ours))).toEqual([
      200,
      { ...ids, message: menu, continueSession: true },
    ]);
  });

  it('reads flags as strings, a null or empty first userData, a number for a string', async () => {
    const handler = arkesel(exampleApp('GHS '));
    const first = { sessionID: 1700000000124, userID: 'app', msisdn: 233244000001 };
    const begin = postJson('/arkesel', { ...first, newSession: 'True', userData: null });
    expect(await answerOf(await handler(begin))).toEqual([
      200,
      {
        sessionID: '1700000000124',
        userID: 'app',
        msisdn: '233244000001',
        message: menu,
        continueSession: true,
      },
    ]);
    const next = postJson('/arkesel', { ...first, newSession: 'false', userData: '2' });
    expect(await answerOf(await handler(next))).toMatchObject([
      200,
      { message: 'Your balance is GHS 20.', continueSession: false },
    ]);
  });

  it('refuses what it cannot read with 400 and { code, message }', async () => {
    const handler = arkesel(exampleApp('GHS '));
    const maybe = postJson('/arkesel', { ...ids, newSession: 'maybe', userData: '1' });
    expect(await answerOf(await handler(maybe))).toEqual([
      400,
      { code: 'BAD_REQUEST', message: 'the field newSession is neither true nor false' },
    ]);
    const noNumber = postJson('/arkesel', { sessionID: 'a-2', newSession: true });
    expect(await answerOf(await handler(noNumber))).toEqual([
      400,
      { code: 'BAD_REQUEST', message: 'the field msisdn is missing' },
    ]);
  });
});
