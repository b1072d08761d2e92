import { renderChooser, type SessionCommand } from '@ussdkit/protocol';
import { createUpstreamValidator } from '@ussdkit/protocol/contract';
import { expect } from 'vitest';
import type { HandleResult, UssdApp } from '../src/index';

const validator = createUpstreamValidator();

/** Asserts that an app answer validates against the upstream OpenAPI document and returns it typed. */
export function expectUpstreamValid(result: HandleResult): SessionCommand {
  expect(result.status).toBe(200);
  expect(validator.appResponse(result.body).errors).toEqual([]);
  return result.body as SessionCommand;
}

/** The text the phone shows for an answer (ShowView only). */
export function screenOf(command: SessionCommand): string {
  const { action } = command;
  if (action.type !== 'ShowView') return `[${action.type}]`;
  const { view } = action;
  return view.type === 'ChooserView' ? renderChooser(view) : view.message;
}

const base = { clientId: 'client-1', appId: 'app-1' };

/**
 * Drives an app with raw JSON strings like the gateway, asserting every answer against the
 * upstream document.
 */
export function gateway(
  app: UssdApp<unknown>,
  sessionId = 'session-1',
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  let contextData = '';
  const post = async (event: string, body: unknown) =>
    app.handle({ path: `/ussdSessionEvent/${event}`, headers, body: JSON.stringify(body) });
  const answer = async (event: 'new' | 'continue', body: unknown) => {
    const command = expectUpstreamValid(await post(event, body));
    contextData = command.contextData;
    return command;
  };
  return {
    post,
    dial: (shortcodeString = '*384*12#') =>
      answer('new', {
        ...base,
        sessionId,
        msisdn: '+2348030000000',
        operator: 'mtn',
        input: { type: 'Dial', shortcodeString },
      }),
    start: (input: unknown) =>
      answer('new', { ...base, sessionId, msisdn: '+2348030000000', operator: 'mtn', input }),
    send: (value: string) =>
      answer('continue', {
        ...base,
        sessionId,
        contextData,
        result: { type: 'InputResult', value },
      }),
    result: (result: unknown) => answer('continue', { ...base, sessionId, contextData, result }),
    close: (type: 'End' | 'Abandon' | 'Timeout' = 'End') =>
      post('close', { ...base, sessionId, contextData, reason: { type } }),
    abort: (reason: unknown) => post('abort', { ...base, sessionId, reason }),
  };
}
