import {
  type ChooserItem,
  parseWire,
  type SessionCommand,
  sessionCommandSchema,
  type View,
} from '@ussdkit/protocol';
import { fieldsOf, filled } from '../jsonFields';

/** A chooser's items as `chooserViewSchema` gives them: at least one, keys filled and unique. */
function itemsOf(value: unknown): ChooserItem[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const items: ChooserItem[] = [];
  const keys = new Set<string>();
  for (const each of value) {
    const item = fieldsOf(each);
    if (item === undefined) return undefined;
    const { accessKey, label } = item;
    if (!filled(accessKey) || !filled(label) || keys.has(accessKey)) return undefined;
    keys.add(accessKey);
    items.push({ accessKey, label });
  }
  return items;
}

/** A view as `viewSchema` gives it, or `undefined`. */
function viewOf(value: unknown): View | undefined {
  const view = fieldsOf(value);
  if (view === undefined) return undefined;
  const { type } = view;
  if (type === 'InputView' || type === 'InfoView') {
    return typeof view.message === 'string' ? { type, message: view.message } : undefined;
  }
  if (type !== 'ChooserView' || typeof view.title !== 'string') return undefined;
  const items = itemsOf(view.items);
  if (items === undefined) return undefined;
  if (!('separator' in view)) return { type, title: view.title, items };
  return filled(view.separator)
    ? { type, title: view.title, items, separator: view.separator }
    : undefined;
}

/**
 * What `sessionCommandSchema` gives for an answer it accepts, read without zod, for the answers
 * of nearly every event: a screen shown (`ShowView`). `undefined` for any other answer, which the
 * schema then reads and, if it must, refuses in its own words. Like the schema's, the result is
 * a new object that shares nothing with the answer read (the store keeps one, the caller gets
 * the other). A test holds the two readers to the same result on every kind of value each field
 * may hold (decision 0047).
 */
export function commandFastRead(value: unknown): SessionCommand | undefined {
  const command = fieldsOf(value);
  const action = fieldsOf(command?.action);
  if (command === undefined || action === undefined || action.type !== 'ShowView') {
    return undefined;
  }
  const view = viewOf(action.view);
  const { contextData = '' } = command;
  if (view === undefined || typeof contextData !== 'string') return undefined;
  const shown = { type: 'ShowView' as const, view };
  if (!('sessionTag' in command)) return { action: shown, contextData };
  const { sessionTag } = command;
  return typeof sessionTag === 'string' ? { action: shown, contextData, sessionTag } : undefined;
}

/**
 * An answer the app gives, checked by the protocol's writer: read fast when it is a screen
 * shown, else by `sessionCommandSchema`, whose `ProtocolError` names the field that is wrong.
 */
export function readAnswer(value: unknown): SessionCommand {
  return commandFastRead(value) ?? parseWire(sessionCommandSchema, value, 'app answer');
}
