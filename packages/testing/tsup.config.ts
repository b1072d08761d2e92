import { packageBuild } from '../../tsup.base';

export default packageBuild({
  entry: {
    index: 'src/index.ts',
    'msw/index': 'src/msw/index.ts',
    'cli/main': 'src/cli/main.ts',
    'vitest/index': 'src/vitest/index.ts',
    'redis/index': 'src/redis/index.ts',
    'compare/index': 'src/compare/index.ts',
  },
});
