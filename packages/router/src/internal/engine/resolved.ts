import type { ScreenLimits } from '@ussdkit/protocol';
import type { NavigationKey, NavigationOptions } from '../../Navigation';
import { DEFAULT_NAVIGATION } from '../../Navigation';
import { localize } from './localize';

/** A navigation key with its label in one language. */
export interface ResolvedKey {
  readonly key: string;
  readonly label: string;
}

/** Navigation with defaults applied, in one language. */
export interface ResolvedNavigation {
  readonly back: ResolvedKey | undefined;
  readonly home: ResolvedKey | undefined;
  readonly more: ResolvedKey;
  /** Every key in use, for collision checks and automatic item keys. */
  readonly reserved: ReadonlySet<string>;
}

/** The labels a key takes when `navigation` gives it none: the language's messages. */
export interface NavigationLabels {
  readonly backLabel: string;
  readonly homeLabel: string;
  readonly moreLabel: string;
}

const withLabel = (given: NavigationKey, fallback: string, language: string): ResolvedKey => ({
  key: given.key,
  label: given.label === undefined ? fallback : localize(given.label, language),
});

/**
 * The navigation keys of one language: keys from `options` (or the defaults), labels from
 * `options` when given, else from the language's messages.
 */
export function resolveNavigation(
  options: NavigationOptions | false | undefined,
  labels: NavigationLabels = {
    backLabel: DEFAULT_NAVIGATION.back.label,
    homeLabel: DEFAULT_NAVIGATION.home.label,
    moreLabel: DEFAULT_NAVIGATION.more.label,
  },
  language = '',
): ResolvedNavigation {
  const given: NavigationOptions =
    options === false ? { back: false, home: false } : (options ?? {});
  const key = (
    option: NavigationKey | false | undefined,
    fallback: NavigationKey,
    label: string,
  ) => (option === false ? undefined : withLabel(option ?? { key: fallback.key }, label, language));
  const back = key(given.back, DEFAULT_NAVIGATION.back, labels.backLabel);
  const home = key(given.home, DEFAULT_NAVIGATION.home, labels.homeLabel);
  const more = withLabel(
    given.more ?? { key: DEFAULT_NAVIGATION.more.key },
    labels.moreLabel,
    language,
  );
  const reserved = new Set([more.key]);
  if (back) reserved.add(back.key);
  if (home) reserved.add(home.key);
  return { back, home, more, reserved };
}

/** Settings the engine needs, with defaults applied, for one language. */
export interface EngineSettings {
  readonly navigation: ResolvedNavigation;
  readonly limits: ScreenLimits;
  /** The language these settings are for: labels of static menus are shown in it. */
  readonly language: string;
}
