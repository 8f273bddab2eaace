import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { requestOpen, type SelectorMenu } from './selector-buttons.tsx';
import { usePendingOpen } from './use-pending-open.ts';

function Probe({ menu }: { menu: SelectorMenu }) {
  const [opened] = usePendingOpen(menu);
  return <output data-testid={menu}>{opened ? 'open' : 'closed'}</output>;
}

/** Presses the placeholder while the menu beside it renders: after its first render, before commit. */
function PressDuringRender({ menu }: { menu: SelectorMenu }) {
  requestOpen(menu);
  return null;
}

describe('usePendingOpen', () => {
  it('opens for a press made before the menu rendered, and uses the press up', () => {
    requestOpen('language');
    const first = render(<Probe menu="language" />);
    expect(first.getByTestId('language').textContent).toBe('open');
    first.unmount();
    const second = render(<Probe menu="language" />);
    expect(second.getByTestId('language').textContent).toBe('closed');
    second.unmount();
  });

  it('opens for a press made between its render and its commit', () => {
    const { getByTestId, unmount } = render(
      <>
        <Probe menu="currency" />
        <PressDuringRender menu="currency" />
      </>,
    );
    expect(getByTestId('currency').textContent).toBe('open');
    unmount();
  });

  it('stays closed without a press', () => {
    const { getByTestId } = render(<Probe menu="currency" />);
    expect(getByTestId('currency').textContent).toBe('closed');
  });
});
