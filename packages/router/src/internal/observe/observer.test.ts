import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../../../test/gateway';
import { createApp } from '../../createApp';
import type { Instrumentation } from '../../Instrumentation';
import { eventSink, observerFor } from './observer';

const app = (instrumentations: Instrumentation[]) =>
  createApp({
    instrumentations,
    state: z.object({}),
    start: 'menu',
    screens: ({ chooser, info }) => ({
      menu: chooser({ title: 'Hi', items: [{ label: 'Done', next: 'done' }] }),
      done: info({ text: 'Bye' }),
    }),
  });

describe('the observer', () => {
  it('is not there when nothing observes: no instrumentation, no logger with event lines', () => {
    expect(observerFor(undefined, undefined)).toBeUndefined();
    expect(observerFor([], { error: () => {} })).toBeUndefined();
    expect(eventSink(undefined, undefined)).toBeUndefined();
    expect(observerFor([], { error: () => {}, info: () => {} })).toBeDefined();
  });

  it("tells each instrumentation every event's steps, in order, with its own session", async () => {
    const seen: string[] = [];
    const recording: Instrumentation = {
      startEvent: ({ event, sessionId }) => ({
        session: ({ screen }) => seen.push(`${event} ${sessionId} from ${screen ?? '-'}`),
        phase: (phase) => seen.push(`${event} ${phase}`),
        event: (routerEvent) => seen.push(`${event} ${routerEvent.type}`),
        end: (outcome) => seen.push(`${event} ${outcome}`),
      }),
    };
    const phone = gateway(app([recording]), 's1');
    await phone.dial();
    await phone.send('1');
    expect(seen).toEqual([
      'new lock',
      'new store.load',
      'new s1 from -',
      'new session.start',
      'new screen.shown',
      'new handlers',
      'new store.save',
      'new event.handled',
      'new answered',
      'continue lock',
      'continue store.load',
      'continue s1 from menu',
      'continue input',
      'continue screen.shown',
      'continue handlers',
      'continue store.save',
      'continue event.handled',
      'continue answered',
    ]);
  });

  it('answers the customer when an instrumentation throws', async () => {
    const failing: Instrumentation = {
      startEvent: () => ({
        phase: () => {
          throw new Error('exporter down');
        },
        end: () => {
          throw new Error('exporter down');
        },
      }),
    };
    const phone = gateway(app([failing]));
    expect(screenOf(await phone.dial())).toBe('Hi\n1. Done');
    expect(screenOf(await phone.send('1'))).toBe('Bye');
  });
});
