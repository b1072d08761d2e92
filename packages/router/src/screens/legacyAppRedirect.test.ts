import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway } from '../../test/gateway';
import { createApp } from '../createApp';
import { FlowDefinitionError } from '../FlowDefinitionError';
import { legacyAppRedirect } from './legacyAppRedirect';

const app = createApp({
  state: z.object({}),
  start: 'menu',
  screens: ({ chooser, legacyAppRedirect, info }) => ({
    menu: chooser({
      title: 'Menu',
      items: [
        { label: 'Old services', next: 'legacy' },
        { label: 'Help', next: 'help' },
      ],
    }),
    legacy: legacyAppRedirect({
      sessionTag: 'legacy',
      uri: (ctx) => `https://legacy.example.com/ussd?msisdn=${encodeURIComponent(ctx.msisdn)}`,
    }),
    help: info({ text: 'Help' }),
  }),
});

describe('legacyAppRedirect', () => {
  it('answers the upstream LegacyAppRedirect action with the uri, typed and valid upstream', async () => {
    // Upstream 1.6.4: "Developer's USSD App requests a redirect to some Legacy USSD App":
    // `{type: 'LegacyAppRedirect', uri}`, `uri` the "Url of the Legacy USSD App".
    const phone = gateway(app);
    await phone.dial();
    const answer = await phone.send('1'); // the test gateway checks it against upstream's schema
    expect(answer.action).toEqual({
      type: 'LegacyAppRedirect',
      uri: 'https://legacy.example.com/ussd?msisdn=%2B2348030000000',
    });
    expect(answer.sessionTag).toBe('legacy');
  });

  it('is a final screen in the graph and the Mermaid diagram', () => {
    expect(app.graph.nodes).toContainEqual({ name: 'legacy', kind: 'legacyAppRedirect' });
    expect(app.graph.edges.filter((edge) => edge.from === 'legacy')).toEqual([]);
    expect(app.toMermaid()).toContain('s_legacy["legacy<br/>legacyAppRedirect"]');
    expect(app.toMermaid()).toContain('s_menu -->|"1 Old services"| s_legacy');
    expect(legacyAppRedirect({ uri: 'https://x' })).toEqual({
      kind: 'legacyAppRedirect',
      uri: 'https://x',
    });
  });

  it('refuses an empty static uri at start-up', () => {
    expect(() =>
      createApp({
        state: z.object({}),
        start: 'legacy',
        screens: ({ legacyAppRedirect }) => ({ legacy: legacyAppRedirect({ uri: '' }) }),
      }),
    ).toThrow(FlowDefinitionError);
  });
});
