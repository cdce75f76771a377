import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { TotalLabel } from './total-label';

describe('TotalLabel', () => {
  it('shows an exact total as it is', () => {
    renderWithProviders(<TotalLabel total={95} noun="cereri" nounOne="cerere" />);
    expect(screen.getByText('Total 95 de cereri')).toBeInTheDocument();
  });

  it('makes the noun agree with the number', () => {
    const { rerender } = renderWithProviders(<TotalLabel total={1} noun="subconturi" nounOne="subcont" />);
    expect(screen.getByText('Total 1 subcont')).toBeInTheDocument();
    rerender(<TotalLabel total={2} noun="subconturi" nounOne="subcont" />);
    expect(screen.getByText('Total 2 subconturi')).toBeInTheDocument();
    rerender(<TotalLabel total={20} noun="subconturi" nounOne="subcont" />);
    expect(screen.getByText('Total 20 de subconturi')).toBeInTheDocument();
  });

  it('says when the server only estimated the total (pagination.total_estimated)', () => {
    renderWithProviders(<TotalLabel total={1_000_000} noun="cereri" nounOne="cerere" estimated />);
    expect(screen.getByText(`Total aproximativ ${(1_000_000).toLocaleString('ro-RO')} de cereri`)).toBeInTheDocument();
  });
});
