import type { Responsibility } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '../../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession } from '../../../../lib/testing/render-app';
import { loadAdministrationTexts } from '../../test-support';
import { apiError, envelope, HttpResponse, http, listEnvelope, sentRequests, server } from '../../../../test/msw';
import { ResponsibilityEditor } from './responsibility-editor';

beforeAll(loadAdministrationTexts);
beforeEach(() => {
  server.use(
    http.get('/api/responsibilities/assignable-permissions', () =>
      envelope([
        { key: 'applicationsRead', name: 'Vizualizare cereri', category: 'applications', category_label: 'Cereri' },
        { key: 'applicationsRegister', name: 'Înregistrare cereri', category: 'applications', category_label: 'Cereri' },
        { key: 'accountsRead', name: 'Vizualizare conturi funcționari', category: 'organisation', category_label: 'Instituție' },
      ]),
    ),
    http.get('/api/organisations', () => listEnvelope([])),
  );
});
const writes = async (method: string) => (await sentRequests({ method })).map((r) => ({ path: r.path, body: r.body }));

const stored: Responsibility = {
  id: 4,
  organisation_id: 1,
  name: 'Registratură',
  description: null,
  permissions: ['applicationsRead', 'applicationsRegister'],
  function_count: 1,
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  abilities: { canEdit: true, canDelete: false },
};

async function setup(responsibility: Responsibility | null) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: 'admin', organisation_id: 1 }) });
  render(
    <AppTestProviders session={session}>
      <ResponsibilityEditor opened onClose={onClose} responsibility={responsibility} />
    </AppTestProviders>,
  );
  const save = () => screen.getByRole('button', { name: 'Salvați' });
  const explanation = () => screen.getByTestId('responsibility-save-explanation');
  // The assignable permissions come from the server.
  await screen.findByLabelText('Vizualizare cereri');
  return { user, onClose, save, explanation };
}

describe('adding a responsibility (spec §5)', () => {
  it('needs selected permissions: Save stays disabled and says why', async () => {
    const { user, save, explanation } = await setup(null);
    await user.type(screen.getByLabelText(/^Denumire/), 'Registratură');
    expect(save()).toBeDisabled();
    expect(explanation()).toHaveTextContent('Selectați cel puțin o permisiune.');
    await user.click(screen.getByLabelText('Vizualizare cereri'));
    expect(save()).toBeEnabled();
    expect(explanation()).toHaveTextContent('');
    expect(screen.getByTestId('permission-picker-count')).toHaveTextContent('O permisiune selectată');
  });

  it('needs a name: a save without one marks the field', async () => {
    const { user, save } = await setup(null);
    await user.click(screen.getByLabelText('Vizualizare cereri'));
    await user.click(save());
    expect(
      await screen.findByText('Completați denumirea responsabilității.', { selector: '.mantine-InputWrapper-error' }),
    ).toBeVisible();
    expect(await writes('POST')).toEqual([]);
  });

  it('groups the assignable permissions by category, with select-all', async () => {
    const { user } = await setup(null);
    const group = screen.getByRole('group', { name: /Cereri \(0 din 2\)/ });
    await user.click(within(group).getByLabelText('Toate permisiunile din „Cereri”'));
    expect(within(group).getByLabelText('Vizualizare cereri')).toBeChecked();
    expect(within(group).getByLabelText('Înregistrare cereri')).toBeChecked();
    expect(screen.getByLabelText('Vizualizare conturi funcționari')).not.toBeChecked();
  });

  it('sends name, description and permissions', async () => {
    server.use(http.post('/api/responsibilities', () => HttpResponse.json({ data: { ...stored, id: 9 } }, { status: 201 })));
    const { user, save, onClose } = await setup(null);
    await user.type(screen.getByLabelText(/^Denumire/), 'Consultare');
    await user.click(screen.getByLabelText('Vizualizare conturi funcționari'));
    await user.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await writes('POST')).toEqual([
      { path: '/api/responsibilities', body: { name: 'Consultare', description: null, permissions: ['accountsRead'] } },
    ]);
  });
});

describe('editing a responsibility (spec §5)', () => {
  it('refuses a save that leaves the permission set identical', async () => {
    const { user, save, explanation } = await setup(stored);
    expect(save()).toBeDisabled();
    expect(explanation()).toHaveTextContent('Permisiunile selectate sunt identice cu cele actuale.');
    // A change and its undoing: identical again.
    await user.click(screen.getByLabelText('Vizualizare conturi funcționari'));
    expect(save()).toBeEnabled();
    await user.click(screen.getByLabelText('Vizualizare conturi funcționari'));
    expect(save()).toBeDisabled();
  });

  it('needs selected permissions', async () => {
    const { user, save, explanation } = await setup(stored);
    await user.click(screen.getByLabelText('Vizualizare cereri'));
    await user.click(screen.getByLabelText('Înregistrare cereri'));
    expect(save()).toBeDisabled();
    expect(explanation()).toHaveTextContent('Selectați cel puțin o permisiune.');
  });

  it("shows the server's CONFLICT 'unchanged' with its own message", async () => {
    server.use(http.patch('/api/responsibilities/:id', () => apiError(409, 'CONFLICT', { reason: 'unchanged' })));
    const { user, save, onClose } = await setup(stored);
    await user.type(screen.getByLabelText('Descriere'), ' ');
    await user.click(screen.getByLabelText('Vizualizare conturi funcționari'));
    await user.click(save());
    expect(await screen.findByTestId('responsibility-error')).toHaveTextContent(
      'Nu ați modificat nimic: permisiunile selectate sunt identice cu cele actuale.',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(await writes('PATCH')).toEqual([
      { path: '/api/responsibilities/4', body: { permissions: ['applicationsRead', 'applicationsRegister', 'accountsRead'] } },
    ]);
  });

  it('names the permissions the server refuses to let the user grant', async () => {
    server.use(http.patch('/api/responsibilities/:id', () => apiError(403, 'FORBIDDEN', { permissions: ['accountsRead'] })));
    const { user, save } = await setup(stored);
    await user.click(screen.getByLabelText('Vizualizare conturi funcționari'));
    await user.click(save());
    expect(await screen.findByTestId('responsibility-error')).toHaveTextContent(
      'Nu puteți acorda aceste permisiuni: Vizualizare conturi funcționari.',
    );
  });

  it('keeps a held permission the user may not grant listed, so it can be removed', async () => {
    const { user, save } = await setup({ ...stored, permissions: ['applicationsRead', 'systemConfig'] });
    const held = screen.getByLabelText('Meniul de configurare a sistemului');
    expect(held).toBeChecked();
    await user.click(held);
    expect(save()).toBeEnabled();
  });
});
