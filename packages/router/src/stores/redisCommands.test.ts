import { describe, expect, it } from 'vitest';
import { isTransient } from './redisCommands';
import { StoreUnavailableError } from './redisStoreErrors';

/** An error as ioredis reports a reply of Redis's (redis-errors' ReplyError). */
function reply(message: string): Error {
  const error = new Error(message);
  Object.defineProperty(error, 'name', { value: 'ReplyError' });
  return error;
}

describe('isTransient', () => {
  it('counts what a failover or a restart shows as worth another try', () => {
    for (const error of [
      new StoreUnavailableError('Redis store unavailable (lock): no answer within 1000 ms'),
      new Error('Connection is closed.'),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error('Too many Cluster redirections. Last error: ReplyError: CLUSTERDOWN'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }),
      reply('CLUSTERDOWN The cluster is down'),
      reply('MOVED 3999 127.0.0.1:6381'),
      reply('TRYAGAIN Multiple keys request during rehashing of slot'),
      reply("READONLY You can't write against a read only replica."),
      reply('MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to no'),
      reply('LOADING Redis is loading the dataset in memory'),
    ]) {
      expect(isTransient(error), error.message).toBe(true);
    }
  });

  it('fails at once on what no wait would change: a reply of Redis, a bug', () => {
    for (const error of [
      reply('WRONGTYPE Operation against a key holding the wrong kind of value'),
      reply('ERR Error running script (call to f_0123): @user_script:2: ...'),
      new TypeError('redisStore: the client did not define the ussdkitCommit script'),
      'not an error',
    ]) {
      expect(isTransient(error), String(error)).toBe(false);
    }
  });
});
