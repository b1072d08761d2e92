import type { Awaitable, Context, Text } from '../Context';
import type { Screen } from '../Screen';

/** A screen as the engine handles it: state and targets erased. */
export type LooseScreen = Screen<unknown, string>;

/** The context the engine builds: state erased. */
export type LooseContext = Context<unknown, string>;

/**
 * Resolves a static or computed text. Not async on purpose: a string (static, or from a sync
 * function) comes back as is, so callers await only an async text's promise and the common case
 * costs no extra turn of the event loop.
 */
export function resolveText(text: Text<unknown>, ctx: LooseContext): Awaitable<string> {
  return typeof text === 'function' ? text(ctx) : text;
}

/** Resolves a static value or a function of the context. */
export async function resolveValue<V>(
  value: V | ((ctx: LooseContext) => V | Promise<V>),
  ctx: LooseContext,
): Promise<V> {
  return typeof value === 'function'
    ? (value as (ctx: LooseContext) => V | Promise<V>)(ctx)
    : value;
}
