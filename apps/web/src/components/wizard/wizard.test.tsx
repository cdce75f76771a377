import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { Wizard, type WizardStep } from './wizard';
import { stepPosition, stepState } from './wizard-steps';

describe('step rules', () => {
  it('states are done before, current on and pending after the current step', () => {
    expect([0, 1, 2].map((index) => stepState(index, 1))).toEqual(['done', 'current', 'pending']);
  });

  it('positions are first, between and last', () => {
    expect([0, 1, 2].map((index) => stepPosition(index, 3))).toEqual(['first', 'between', 'last']);
    expect(stepPosition(0, 1)).toBe('last');
  });
});

const steps = (validate?: WizardStep['validate']): WizardStep[] => [
  { id: 'type', title: 'Tipul cererii', content: <p>Conținut tip</p>, validate },
  { id: 'property', title: 'Imobil', content: <p>Conținut imobil</p> },
  { id: 'documents', title: 'Documente', content: <p>Conținut documente</p> },
];

const items = () => screen.getAllByRole('listitem');

describe('Wizard', () => {
  it('marks steps as done, current and pending with their positions', async () => {
    const { user } = renderWithProviders(<Wizard steps={steps()} onSubmit={() => {}} />);
    expect(items().map((item) => item.getAttribute('data-state'))).toEqual(['current', 'pending', 'pending']);
    expect(items().map((item) => item.getAttribute('data-position'))).toEqual(['first', 'between', 'last']);
    expect(items()[0]).toHaveAttribute('aria-current', 'step');
    await user.click(screen.getByRole('button', { name: 'Continuați' }));
    expect(items().map((item) => item.getAttribute('data-state'))).toEqual(['done', 'current', 'pending']);
    expect(screen.getByRole('heading', { name: 'Pasul 2 din 3: Imobil' })).toBeInTheDocument();
  });

  it('stays on a step whose validation fails', async () => {
    const validate = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const { user } = renderWithProviders(<Wizard steps={steps(validate)} onSubmit={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Continuați' }));
    expect(screen.getByText('Conținut tip')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuați' }));
    expect(await screen.findByText('Conținut imobil')).toBeInTheDocument();
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it('Back needs no validation and the first step has no Back button', async () => {
    const { user } = renderWithProviders(<Wizard steps={steps()} initialStep={1} onSubmit={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Înapoi' }));
    expect(screen.getByText('Conținut tip')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Înapoi' })).not.toBeInTheDocument();
  });

  it('Next and Submit are distinct elements, so reaching the last step does not submit', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Wizard steps={steps()} initialStep={1} onSubmit={onSubmit} />);
    const nextButton = screen.getByRole('button', { name: 'Continuați' });
    expect(nextButton).toHaveAttribute('type', 'button');
    await user.click(nextButton);
    const submitButton = await screen.findByRole('button', { name: 'Trimiteți' });
    expect(submitButton).not.toBe(nextButton);
    expect(submitButton).toHaveAttribute('type', 'submit');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(submitButton);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
  });

  it('validates the last step before submitting', async () => {
    const onSubmit = vi.fn();
    const last: WizardStep = { id: 'only', title: 'Confirmare', content: <p>Final</p>, validate: async () => false };
    const { user } = renderWithProviders(<Wizard steps={[last]} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Trimiteți' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves a draft without validating', async () => {
    const validate = vi.fn(async () => false);
    const onSaveDraft = vi.fn();
    const { user } = renderWithProviders(<Wizard steps={steps(validate)} onSubmit={() => {}} onSaveDraft={onSaveDraft} />);
    await user.click(screen.getByRole('button', { name: 'Salvați ciorna' }));
    expect(onSaveDraft).toHaveBeenCalledOnce();
    expect(validate).not.toHaveBeenCalled();
  });

  it('has no draft button unless asked', () => {
    renderWithProviders(<Wizard steps={steps()} onSubmit={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Salvați ciorna' })).not.toBeInTheDocument();
  });
});
