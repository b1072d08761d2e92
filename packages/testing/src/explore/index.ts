export type * from './ExploreOptions';
export type * from './ExploreResult';
export type * from './ExploreStep';
export * from './explore';
export * from './reproduce';
