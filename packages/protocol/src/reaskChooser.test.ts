import { describe, expect, it } from 'vitest';
import { gatewayTexts } from './gatewayTexts';
import { reaskChooser } from './reaskChooser';
import { renderChooser } from './renderChooser';

const view = {
  title: 'Menu',
  items: [
    { accessKey: '1', label: 'Airtime' },
    { accessKey: 'A', label: 'Data' },
  ],
};

describe('reaskChooser', () => {
  it('puts the invalid-choice line above the chooser as the phone shows it', () => {
    expect(reaskChooser(view)).toBe('Invalid choice. Try again.\nMenu\n1. Airtime\nA. Data');
    expect(reaskChooser(view)).toBe(`${gatewayTexts.invalidChoice}\n${renderChooser(view)}`);
  });

  it('takes a message of its own and the chooser separator', () => {
    expect(reaskChooser({ ...view, separator: ') ', title: '' }, 'Try again:')).toBe(
      'Try again:\n1) Airtime\nA) Data',
    );
  });
});
