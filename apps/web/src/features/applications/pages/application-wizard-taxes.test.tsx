import type { Application, ApplicationTypeTaxRules } from '@ghiseu/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession } from '../../../lib/testing/render-app';
import { envelope, http, sentRequests, server } from '../../../test/msw';
import { loadApplicationTexts } from '../test-support';
import { ApplicationWizardPage } from './application-wizard-page';

beforeAll(loadApplicationTexts);

/** A draft with an empty form: resuming it opens the review, whence "Modificați" leads to the taxes. */
const draft = {
  id: 9,
  status: 'DRAFT',
  application_type_id: 3,
  application_type_name: 'Autorizație de construire',
  land_area: 523,
  form_version_id: 1,
  form_definition: { form_id: 1, version: 1, definition: { fields: [] } },
  form: { real_estate_target: [], beneficiary_users: [], sign_details: { isOnline: false, package: null } },
  sign_details: { isOnline: false, package: null },
  tax_inputs: null,
  discount_name: null,
  tax_summary: null,
  total_tax: null,
  beneficiaries: [],
  real_estates: [],
  attachments: [],
  files: [],
  abilities: { canEdit: true, canDelete: true, canSubmit: true, canComment: false, canAnswerClarification: false },
} as unknown as Application;

const rules: ApplicationTypeTaxRules = {
  application_type_id: 3,
  category_ids: { construction: 11, land: null, extra: null },
  rules: [
    {
      id: 2,
      organisation_id: 2,
      category_id: 11,
      category_name: 'Construcții',
      name: 'Taxă autorizație de construire (locuințe)',
      entry_into_force: '2026-01-01',
      justification: null,
      decision_number: null,
      decision_date: null,
      price_model: 'percentage',
      base: 'construction_value',
      moment: 'application',
      purpose: 'housing',
      fixed_value: null,
      percentage_value: '0.5',
      ranges: [],
      status: 'active',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      abilities: { canEdit: false, canDelete: false },
    },
  ],
  discounts: [],
  needs_construction_value: true,
  needs_land_area: false,
};

describe('the wizard’s taxes step', () => {
  it('asks the construction fields, then saves them with the draft', async () => {
    server.use(
      http.get('/api/applications/9', () => envelope(draft)),
      http.get('/api/application-types/3/tax-rules', () => envelope(rules)),
      http.get('/api/application-types/organisation', () => envelope([])),
      http.patch('/api/applications/9', () => envelope(draft)),
    );
    const user = userEvent.setup();
    render(
      <AppTestProviders session={fakeSession({ user: buildCurrentUser({ user_type_name: 'citizen' }) })}>
        <RouterProvider
          router={createMemoryRouter([{ path: '/application/:id/edit', element: <ApplicationWizardPage /> }], {
            initialEntries: ['/application/9/edit'],
          })}
        />
      </AppTestProviders>,
    );
    await user.click(await screen.findByRole('button', { name: 'Modificați pasul Taxe' }));
    await screen.findByTestId('tax-step');
    await user.click(screen.getByRole('button', { name: 'Continuați' }));
    expect(await screen.findAllByText('Acest câmp este obligatoriu')).toHaveLength(5);
    expect(await sentRequests({ method: 'PATCH' })).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: /Natura lucrărilor/ }));
    await user.click(await screen.findByRole('option', { name: 'Construire' }));
    await user.click(screen.getByRole('combobox', { name: /Destinația construcției/ }));
    await user.click(await screen.findByRole('option', { name: 'Locuință' }));
    await user.click(screen.getByRole('combobox', { name: /Tipul construcției/ }));
    await user.click(await screen.findByRole('option', { name: /cu instalații \(1000 lei\/mp\)/ }));
    await user.type(screen.getByRole('textbox', { name: /Suprafața construită/ }), '120');
    await user.type(screen.getByRole('textbox', { name: /Valoarea lucrărilor/ }), '250000');
    expect(screen.getByTestId('tax-total')).toHaveTextContent('1.250,00 lei');

    await user.click(screen.getByRole('button', { name: 'Continuați' }));
    await screen.findByTestId('signing-choice');
    const [patch] = await sentRequests({ method: 'PATCH', path: '/api/applications/9' });
    expect(patch?.body).toMatchObject({
      tax_inputs: {
        construction_scope: 'new',
        construction_type: 'A_UTIL',
        construction_purpose: 'housing',
        surface: '120',
        construction_value: '250000.00',
      },
    });
  });
});
