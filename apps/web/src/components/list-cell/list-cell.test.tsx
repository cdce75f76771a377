import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { ListCell } from './list-cell';
import { beneficiaryDisplayName, splitListCell } from './list-cell-logic';

const beneficiaries = [
  { user_type_name: 'legal_entity', company_name: 'Construct SRL', first_name: 'Ion', last_name: 'Pop' },
  { user_type_name: 'citizen', first_name: 'Maria', last_name: 'Ionescu', company_name: null },
  { person_type: 'legal', company_name: 'Arhitect Design SRL' },
  { person_type: 'individual', first_name: 'Andrei', last_name: 'Mureșan' },
];

describe('list cell rules', () => {
  it('names legal entities by company and people by first and last name', () => {
    expect(beneficiaryDisplayName(beneficiaries[0])).toBe('Construct SRL');
    expect(beneficiaryDisplayName(beneficiaries[1])).toBe('Maria Ionescu');
    expect(beneficiaryDisplayName(beneficiaries[2])).toBe('Arhitect Design SRL');
  });

  it('shows 2 entries and keeps the rest for +N', () => {
    expect(splitListCell(beneficiaries)).toEqual({
      shown: ['Construct SRL', 'Maria Ionescu'],
      hidden: ['Arhitect Design SRL', 'Andrei Mureșan'],
    });
    expect(splitListCell(['Reghin', 'Sighișoara'])).toEqual({ shown: ['Reghin', 'Sighișoara'], hidden: [] });
  });
});

describe('ListCell', () => {
  it('shows the first two and a +N popover on hover with the rest', async () => {
    const { user } = renderWithProviders(<ListCell items={beneficiaries} noun="beneficiari" />);
    expect(screen.getByText('Construct SRL, Maria Ionescu')).toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Încă 2 beneficiari' });
    expect(more).toHaveTextContent('+2');
    expect(screen.queryByText('Andrei Mureșan')).not.toBeInTheDocument();
    await user.hover(more);
    expect(await screen.findByText('Andrei Mureșan')).toBeInTheDocument();
    expect(screen.getByText('Arhitect Design SRL')).toBeInTheDocument();
    await user.unhover(more);
    expect(screen.queryByText('Andrei Mureșan')).not.toBeInTheDocument();
  });

  it('opens the popover on keyboard focus', async () => {
    const { user } = renderWithProviders(
      <ListCell items={['Reghin', 'Sighișoara', 'Luduș']} noun="localități" nounOne="localitate" />,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Încă 1 localitate' })).toHaveFocus();
    expect(await screen.findByText('Luduș')).toBeInTheDocument();
  });

  it('has no +N with two entries or fewer', () => {
    renderWithProviders(<ListCell items={['Reghin', 'Sighișoara']} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
