import { describe, expect, it } from 'vitest';
import { dialOf } from './dialOf';
import { msisdnOf } from './msisdnOf';

describe('dialOf: the dialled string of a first request', () => {
  it.each([
    ['*713*4#', '713*4', '*713*4#'],
    ['*713*4*2#', '713*4', '*713*4*2#'],
    [' *713*4*2# ', '', '*713*4*2#'],
    ['', '713*4', '*713*4#'],
    ['', '*714*100#', '*714*100#'],
    ['0', '', ''],
    ['hello', 'b230733cd56b4a0fad820e39f66bc27c', ''],
    ['*713**4#', '713*4', '*713*4#'],
  ])('%j with service code %j gives %j', (first, code, dial) => {
    expect(dialOf(first, code)).toBe(dial);
  });
});

describe('msisdnOf: the number as the app sees it', () => {
  it.each([
    ['233244567890', '+233244567890'],
    ['+233244567890', '+233244567890'],
    [' 255712345678 ', '+255712345678'],
    ['0244567890', '0244567890'],
    ['', ''],
  ])('%j gives %j', (raw, msisdn) => {
    expect(msisdnOf(raw)).toBe(msisdn);
  });
});
