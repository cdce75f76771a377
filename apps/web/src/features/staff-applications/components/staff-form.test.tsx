import type { StaffApplication } from '@ghiseu/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, envelope, http, sentRequests, server } from '../../../test/msw';
import { StaffApplicationPage } from '../pages/staff-application-page';
import { buildStaffApplication, loadStaffTexts, NO_ABILITIES, renderAsStaff } from '../test-support';

/** The type's staff form: a required notice number and optional remarks. */
const STAFF_FORM: StaffApplication['staff_form_definition'] = {
  form_id: 8,
  form_version_id: 18,
  version: 2,
  definition: {
    fields: [
      { key: 'numar_aviz', type: 'text', label: 'Numărul avizului', required: true, width: 'full' },
      { key: 'observatii', type: 'textarea', label: 'Observații', required: false, width: 'full' },
    ],
  },
};

const editable = (overrides: Partial<StaffApplication> = {}) =>
  buildStaffApplication({
    status: 'PENDING',
    staff_form_definition: STAFF_FORM,
    abilities: { ...NO_ABILITIES, canSaveStaffForm: true },
    ...overrides,
  });

/** Serves the record; saving the staff form stores the sent answers in it. */
function serve(record: StaffApplication) {
  let current = record;
  server.use(
    http.get('/api/staff-applications/:id', () => envelope(current)),
    http.patch('/api/staff-applications/:id/application-reviewed-by-staff-function', async ({ request }) => {
      const { form_staff } = (await request.json()) as { form_staff: Record<string, unknown> };
      current = { ...current, form_staff };
      return envelope(current);
    }),
  );
}

const renderForm = () => renderAsStaff(<StaffApplicationPage />, { path: '/application/1', route: '/application/:id/:tab?' });

beforeAll(loadStaffTexts);

describe('saving the staff form', () => {
  it('checks the required answers before sending, then saves them with application-reviewed-by-staff-function', async () => {
    serve(editable());
    const { user } = renderForm();
    const form = await screen.findByTestId('staff-form');
    await user.click(within(form).getByRole('button', { name: 'Salvați formularul' }));
    // The notice above the form, and the required field marked with its own message.
    expect(await within(form).findByRole('alert')).toHaveTextContent('Vă rugăm să completați toate câmpurile obligatorii.');
    const number = within(form).getByRole('textbox', { name: /Numărul avizului/ });
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('Vă rugăm să completați toate câmpurile obligatorii.');
    expect(within(form).getByRole('textbox', { name: /Observații/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(await sentRequests({ method: 'PATCH' })).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: /Numărul avizului/ }), 'AV-12/2026');
    await user.type(within(form).getByRole('textbox', { name: /Observații/ }), 'Fără observații.');
    await user.click(within(form).getByRole('button', { name: 'Salvați formularul' }));

    expect(await screen.findByText('Formularul funcționarului a fost salvat.')).toBeInTheDocument();
    expect(await sentRequests({ method: 'PATCH' })).toEqual([
      expect.objectContaining({
        path: '/api/staff-applications/1/application-reviewed-by-staff-function',
        body: { form_staff: { numar_aviz: 'AV-12/2026', observatii: 'Fără observații.' } },
      }),
    ]);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Numărul avizului/ })).toHaveValue('AV-12/2026');
  });

  it('leaves empty optional answers out and shows the server’s refusal in Romanian', async () => {
    serve(editable({ form_staff: { numar_aviz: 'AV-1/2026' } }));
    server.use(
      http.patch('/api/staff-applications/:id/application-reviewed-by-staff-function', () =>
        apiError(400, 'INVALID_FORM_VALUE', { fields: [{ path: 'form_staff.numar_aviz', message: 'Valoare nevalidă' }] }),
      ),
    );
    const { user } = renderForm();
    const form = await screen.findByTestId('staff-form');
    expect(within(form).getByRole('textbox', { name: /Numărul avizului/ })).toHaveValue('AV-1/2026');
    await user.click(within(form).getByRole('button', { name: 'Salvați formularul' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Formularul conține valori care nu sunt valide.');
    expect(await sentRequests({ method: 'PATCH' })).toEqual([
      expect.objectContaining({ body: { form_staff: { numar_aviz: 'AV-1/2026' } } }),
    ]);
  });

  it('shows the saved answers read-only to whoever may not save them', async () => {
    serve(editable({ form_staff: { numar_aviz: 'AV-3/2026' }, abilities: NO_ABILITIES }));
    renderForm();
    const form = await screen.findByTestId('staff-form');
    expect(within(form).getByRole('textbox', { name: /Numărul avizului/ })).toHaveValue('AV-3/2026');
    expect(within(form).queryByRole('button', { name: 'Salvați formularul' })).not.toBeInTheDocument();
  });

  it('says when the type has no staff form', async () => {
    serve(editable({ staff_form_definition: null }));
    renderForm();
    expect(await screen.findByTestId('staff-form-none')).toHaveTextContent('Tipul cererii nu are un formular al funcționarului.');
  });
});
