import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { TotalLabel } from './total-label';

describe('TotalLabel', () => {
  it('shows an exact total as it is', () => {
    renderWithProviders(<TotalLabel total={95} noun="cereri" />);
    expect(screen.getByText('Total 95 cereri')).toBeInTheDocument();
  });

  it('says when the server only estimated the total (pagination.total_estimated)', () => {
    renderWithProviders(<TotalLabel total={1_000_000} noun="cereri" estimated />);
    expect(screen.getByText(`Total aproximativ ${(1_000_000).toLocaleString('ro-RO')} cereri`)).toBeInTheDocument();
  });
});
