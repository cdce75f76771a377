import type { StaffApplicationListItem } from '@ghiseu/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envelope, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { buildListItem, buildStaffApplication, loadStaffTexts, NO_ABILITIES, renderAsStaff } from '../test-support';
import { BULK_ASSIGN_LIMIT, WORK_LISTS } from '../work-lists';
import { ApplicationsAssignedPage, ApplicationsInboxPage, StaffListPage } from './staff-list-page';

/** The API as the lists see it: the rows, the organisation's types and clerks, the assign call. */
function serve(rows: StaffApplicationListItem[]) {
  server.use(
    http.get('/api/staff-applications', () => listEnvelope(rows)),
    http.get('/api/application-types', () => listEnvelope([{ id: 3, name: 'Certificat de urbanism' }])),
    http.get('/api/staff-applications/candidates', () =>
      envelope([
        { id: 21, name: 'Maria Pop', email: 'maria@example.ro', user_type_name: 'staff' },
        { id: 22, name: 'Dan Rus', email: 'dan@example.ro', user_type_name: 'staff' },
      ]),
    ),
    http.patch('/api/staff-applications/:id/assign', ({ params }) =>
      envelope(buildStaffApplication({ id: Number(params.id), assignee: { id: 21, name: 'Maria Pop' } })),
    ),
  );
}

/** The query of the newest list call. */
async function lastListQuery(): Promise<URLSearchParams> {
  const calls = await sentRequests({ method: 'GET', path: '/api/staff-applications' });
  return (calls.at(-1) as (typeof calls)[number]).query;
}

beforeAll(loadStaffTexts);
beforeEach(() => serve([]));

describe('staff work lists', () => {
  it('sends each list its own switch with the shared paging and sort', async () => {
    renderAsStaff(<ApplicationsInboxPage />);
    expect(await screen.findByText('Nu există cereri de lucru.')).toBeInTheDocument();
    const query = await lastListQuery();
    expect(query.get('view')).toBe('inbox');
    expect(query.get('pagination')).toBe('true');
    expect(query.get('limit')).toBe('20');
    expect(query.get('sortKey')).toBe('-application_date');
  });

  it.each([
    ['assigned', { assigned: 'true' }],
    ['review', { to_review: 'true' }],
    ['new', { view: 'new' }],
    ['in-work', { view: 'in-work' }],
    ['completed', { view: 'completed' }],
  ] as const)('asks the %s list with %o', async (id, switches) => {
    renderAsStaff(<StaffListPage list={WORK_LISTS[id]} />);
    await screen.findByTestId(`staff-list-${id}`);
    await waitFor(async () => expect((await sentRequests({ path: '/api/staff-applications' })).length).toBeGreaterThan(0));
    const query = await lastListQuery();
    for (const [key, value] of Object.entries(switches)) expect(query.get(key)).toBe(value);
    // A flag list is not narrowed by a view on top.
    if (!('view' in switches)) expect(query.get('view')).toBeNull();
  });

  it('turns the filters into the list query', async () => {
    serve([buildListItem()]);
    const { user } = renderAsStaff(<ApplicationsAssignedPage />);
    await screen.findByTestId('staff-application-link-1');
    await user.click(screen.getByRole('combobox', { name: 'Stare' }));
    await user.click(await screen.findByRole('option', { name: 'În verificare' }));
    await waitFor(async () => expect((await lastListQuery()).get('status[eq]')).toBe('PENDING'));
    await user.type(screen.getByRole('searchbox', { name: 'Număr de înregistrare' }), 'CJMS/1');
    await waitFor(async () => expect((await lastListQuery()).get('identification_number[contains]')).toBe('CJMS/1'));
    await user.type(screen.getByRole('searchbox', { name: 'Căutare' }), 'Pop');
    await waitFor(async () => expect((await lastListQuery()).get('orLikeQuery')).toBe('Pop'));
    const query = await lastListQuery();
    expect(query.get('assigned')).toBe('true');
    expect(query.get('skip')).toBe('0');
    // Sorting by the due date, descending on the second click.
    await user.click(screen.getByRole('button', { name: /Termen/ }));
    await waitFor(async () => expect((await lastListQuery()).get('sortKey')).toMatch(/^-?response_due_date$/));
  });

  it('shows the deadline, the overdue badge, the paused clock and the assignee', async () => {
    serve([
      buildListItem({ id: 1, overdue: true, remaining_response_days: -3, assignee: { id: 21, name: 'Maria Pop' } }),
      buildListItem({ id: 2, identification_number: 'CJMS/2/2026', clock_paused: true, remaining_response_days: 5 }),
    ]);
    renderAsStaff(<ApplicationsInboxPage />);
    const first = within((await screen.findByTestId('staff-application-link-1')).closest('tr') as HTMLElement);
    expect(first.getByText('Depășit')).toBeInTheDocument();
    expect(first.getByText('Depășit cu 3 zile lucrătoare')).toBeInTheDocument();
    expect(first.getByText('Maria Pop')).toBeInTheDocument();
    expect(first.getByText('08.01.2027')).toBeInTheDocument();
    const second = within(screen.getByTestId('staff-application-link-2').closest('tr') as HTMLElement);
    expect(second.getByText('Termen oprit')).toBeInTheDocument();
    expect(second.getByText('Nealocată')).toBeInTheDocument();
    expect(screen.getByTestId('staff-application-link-2')).toHaveAttribute('href', '/application/2');
    expect(screen.getByTestId('staff-applications-total')).toHaveTextContent('Total 2 cereri');
  });

  it('offers no selection when no row may be assigned', async () => {
    serve([buildListItem()]);
    renderAsStaff(<ApplicationsInboxPage />);
    await screen.findByTestId('staff-application-link-1');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByTestId('bulk-assign')).not.toBeInTheDocument();
  });

  it('refuses a bulk assignment over the select limit, then assigns the chosen rows', async () => {
    const assignable = { ...NO_ABILITIES, canAssign: true };
    const rows = Array.from({ length: BULK_ASSIGN_LIMIT + 1 }, (_, index) =>
      buildListItem({ id: index + 1, identification_number: `CJMS/${index + 1}/2026`, abilities: assignable }),
    );
    // One row the user may not assign: it gets no checkbox.
    rows.push(buildListItem({ id: 99, identification_number: 'CJMS/99/2026' }));
    serve(rows);
    const { user } = renderAsStaff(<ApplicationsInboxPage />);
    await screen.findByTestId('staff-application-link-1');
    expect(screen.queryByRole('checkbox', { name: 'Selectați cererea CJMS/99/2026' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Alocați cererile selectate lui' }));
    await user.click(await screen.findByRole('option', { name: 'Maria Pop' }));
    await user.click(screen.getByRole('checkbox', { name: 'Selectați toate rândurile' }));
    expect(screen.getByRole('alert')).toHaveTextContent(`Puteți selecta cel mult ${BULK_ASSIGN_LIMIT} înregistrări.`);
    expect(screen.getByTestId('bulk-assign-submit')).toBeDisabled();

    // Back under the limit: the error goes, the button assigns each chosen application.
    await user.click(screen.getByRole('checkbox', { name: 'Selectați cererea CJMS/1/2026' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const submit = screen.getByTestId('bulk-assign-submit');
    expect(submit).toHaveTextContent(`Alocați ${BULK_ASSIGN_LIMIT} cereri`);
    await user.click(submit);
    expect(await screen.findByText(`${BULK_ASSIGN_LIMIT} cereri au fost alocate.`)).toBeInTheDocument();
    const assigned = await sentRequests({ method: 'PATCH' });
    expect(assigned).toHaveLength(BULK_ASSIGN_LIMIT);
    expect(assigned.map((call) => call.path)).not.toContain('/api/staff-applications/1/assign');
    expect(assigned[0]).toMatchObject({ path: '/api/staff-applications/2/assign', body: { assignee_user_id: 21 } });
    expect(assigned[0]?.headers.get('content-type')).toBe('application/merge-patch+json');
  });
});
