import { describe, expect, it } from 'vitest';
import { buildPath } from './path';

describe('buildPath', () => {
  it('encodes path parameters and query values', () => {
    expect(
      buildPath(
        '/v1/acquire/productGroups/{groupId}',
        { groupId: 'a/b c' },
        { beneficiaryId: '1&2' },
      ),
    ).toBe('/v1/acquire/productGroups/a%2Fb%20c?beneficiaryId=1%262');
  });

  it('leaves out undefined query values and throws on a missing parameter', () => {
    expect(buildPath('/client/info', {}, { x: undefined })).toBe('/client/info');
    expect(() => buildPath('/ussd/app/{appId}')).toThrow('appId');
  });
});
