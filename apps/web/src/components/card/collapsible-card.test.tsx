import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { CARD_TOGGLE_MS, CollapsibleCard } from './collapsible-card';

describe('CollapsibleCard', () => {
  it('toggles between expanded and collapsed with aria-expanded', async () => {
    const onExpandedChange = vi.fn();
    const { user } = renderWithProviders(
      <CollapsibleCard title="Date imobil" onExpandedChange={onExpandedChange}>
        <p>Număr cadastral 123</p>
      </CollapsibleCard>,
    );
    const toggle = screen.getByRole('button', { name: 'Date imobil' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Număr cadastral 123')).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(onExpandedChange).toHaveBeenLastCalledWith(false);
    expect(toggle.closest('[data-state]')).toHaveAttribute('data-state', 'collapsed');
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('starts collapsed when asked and points the button at its body', () => {
    renderWithProviders(
      <CollapsibleCard title="Taxe" defaultExpanded={false}>
        <p>Total 100 RON</p>
      </CollapsibleCard>,
    );
    const toggle = screen.getByRole('button', { name: 'Taxe' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).not.toBeNull();
  });

  it('animates the toggle in 400 ms', async () => {
    expect(CARD_TOGGLE_MS).toBe(400);
    const { user } = renderWithProviders(
      <CollapsibleCard title="Beneficiari">
        <p>Ion Pop</p>
      </CollapsibleCard>,
      { realEnv: true },
    );
    await user.click(screen.getByRole('button', { name: 'Beneficiari' }));
    const body = document.getElementById(screen.getByRole('button', { name: 'Beneficiari' }).getAttribute('aria-controls') ?? '');
    await waitFor(() => expect(body?.getAttribute('style')).toContain('400ms'));
  });
});
