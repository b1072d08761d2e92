import { packageBuild } from '../../tsup.base';

export default packageBuild({
  entry: { index: 'src/index.ts', express: 'src/express.ts' },
  // Shared chunks in CommonJS too: the express entry then throws the main entry's error classes,
  // so `instanceof UnsupportedOnAfricasTalkingError` holds whichever entry mounted the app.
  splitting: true,
});
