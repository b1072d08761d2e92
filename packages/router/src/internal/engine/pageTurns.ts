import type { InfoScreen, InputScreen } from '../../Screen';
import type { RouterEvents } from '../observe/RouterEvents';
import type { Answer, Scope } from '../session/Scope';
import type { EngineSettings } from './resolved';
import { textPaging } from './screenAction';
import { textPageView } from './textPages';

/**
 * More and back on a paged info or input text (`data.pages`): the next or previous page.
 * `undefined` when the text is not paged, or `value` turns no page here (more on the last
 * page, back on the first): an input then takes it as navigation or as its answer.
 */
export function turnTextPage(
  scope: Scope,
  screen: InfoScreen<unknown> | InputScreen<unknown, string, unknown>,
  value: string,
  settings: EngineSettings,
  events: RouterEvents,
): Answer | undefined {
  const { data, ctx } = scope;
  const { pages } = data;
  if (pages === undefined) return undefined;
  const navigation = screen.kind === 'input' ? screen.navigation : undefined;
  const paging = textPaging(screen.kind, settings, navigation);
  if (value === paging.more.key && data.page < pages.length - 1) data.page += 1;
  else if (paging.back !== undefined && value === paging.back.key && data.page > 0) data.page -= 1;
  else return undefined;
  events.emit?.({ type: 'page', sessionId: ctx.sessionId, screen: data.screen, page: data.page });
  const view = textPageView(screen.kind, pages, data.page, paging);
  return { command: { action: { type: 'ShowView', view } } };
}

/** A key on a page of a long info: its next or previous page, else the same page again. */
export function infoPage(
  scope: Scope,
  screen: InfoScreen<unknown>,
  value: string,
  settings: EngineSettings,
  events: RouterEvents,
): Answer {
  const turned = turnTextPage(scope, screen, value, settings, events);
  if (turned !== undefined) return turned;
  // The gateway only takes the keys of the page's menu; anything else shows the page again.
  const { data } = scope;
  const paging = textPaging('info', settings);
  const view = textPageView('info', data.pages ?? [], data.page, paging);
  return { command: { action: { type: 'ShowView', view } } };
}
