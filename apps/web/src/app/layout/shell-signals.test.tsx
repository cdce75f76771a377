import type { CurrentUser, UserType } from '@ghiseu/domain';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTERS_REFRESH_MS, staffCountersQueryOptions } from '../../features/staff-applications/api/counters';
import { buildCurrentUser } from '../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts, renderRoute, testQueryClient } from '../../lib/testing/render-app';
import { envelope, http, sentRequests, server } from '../../test/msw';
import { AsideMenu } from './aside-menu';
import { useMenuCounters } from './shell-signals';

const session = (role: UserType) => fakeSession({ user: buildCurrentUser({ user_type_name: role, organisation_id: 2 }) });

function renderCounters(role: UserType) {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppTestProviders session={session(role)} queryClient={client}>
      {children}
    </AppTestProviders>
  );
  return { client, ...renderHook(() => useMenuCounters(), { wrapper }) };
}

beforeAll(loadAllTexts);

describe('the menu counters', () => {
  it('come from GET /staff-applications/counters for staff', async () => {
    server.use(http.get('/api/staff-applications/counters', () => envelope({ assigned: 4, to_review: 2 })));
    const { result } = renderCounters('staff');
    await waitFor(() => expect(result.current).toEqual({ assignedApplications: 4, applicationsToReview: 2 }));
  });

  it('are never asked for someone who does not read the staff lists', async () => {
    const { result } = renderCounters('citizen');
    // Give a stray request the time to leave.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toEqual({});
    expect(await sentRequests({ path: '/api/staff-applications/counters' })).toEqual([]);
  });

  it('are asked again after a staff write invalidates them ("live")', async () => {
    let assigned = 1;
    server.use(http.get('/api/staff-applications/counters', () => envelope({ assigned, to_review: 0 })));
    const { result, client } = renderCounters('staff');
    await waitFor(() => expect(result.current.assignedApplications).toBe(1));
    assigned = 2;
    await act(() => client.invalidateQueries({ queryKey: ['staff-applications', 'counters'] }));
    await waitFor(() => expect(result.current.assignedApplications).toBe(2));
    // And by themselves: every 30 s and when the window regains focus.
    expect(staffCountersQueryOptions).toMatchObject({ refetchInterval: COUNTERS_REFRESH_MS, refetchOnWindowFocus: true });
    expect(COUNTERS_REFRESH_MS).toBe(30_000);
  });

  it('show in the menu next to "Alocate mie" and "De verificat"', async () => {
    server.use(http.get('/api/staff-applications/counters', () => envelope({ assigned: 3, to_review: 5 })));
    renderRoute('/home', session('staff'));
    const menu = await screen.findByTestId('aside-menu');
    expect(await within(menu).findByTestId('menu-counter-assignedApplications')).toHaveTextContent('3');
    expect(within(menu).getByTestId('menu-counter-applicationsToReview')).toHaveTextContent('5');
  });

  it('show their sum on the collapsed "Cereri primite" header, named in words', async () => {
    server.use(http.get('/api/staff-applications/counters', () => envelope({ assigned: 3, to_review: 1 })));
    renderRoute('/home', session('staff'));
    const menu = await screen.findByTestId('aside-menu');
    const group = await within(menu).findByRole('button', { name: /^Cereri primite/ });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(await within(group).findByTestId('menu-group-counter-inbox')).toHaveTextContent('4');
    expect(group).toHaveAccessibleName('Cereri primite 3 cereri alocate, 1 de verificat');
    // The entries keep their own counters.
    expect(await within(menu).findByTestId('menu-counter-assignedApplications')).toHaveTextContent('3');
    expect(within(menu).getByTestId('menu-counter-applicationsToReview')).toHaveTextContent('1');
  });

  it('name only the counters above zero, and leave the header plain when all are zero', async () => {
    let counts = { assigned: 0, to_review: 2 };
    server.use(http.get('/api/staff-applications/counters', () => envelope(counts)));
    const client = testQueryClient();
    const staff = session('staff');
    render(
      <AppTestProviders session={staff} queryClient={client}>
        <MemoryRouter initialEntries={['/home']}>
          <AsideMenu mode="default" user={staff.user as CurrentUser} />
        </MemoryRouter>
      </AppTestProviders>,
    );
    const group = await screen.findByRole('button', { name: /^Cereri primite/ });
    await waitFor(() => expect(group).toHaveAccessibleName('Cereri primite 2 de verificat'));
    expect(within(group).getByTestId('menu-group-counter-inbox')).toHaveTextContent('2');
    counts = { assigned: 0, to_review: 0 };
    await act(() => client.invalidateQueries({ queryKey: ['staff-applications', 'counters'] }));
    await waitFor(() => expect(within(group).queryByTestId('menu-group-counter-inbox')).not.toBeInTheDocument());
    expect(group).toHaveAccessibleName('Cereri primite');
  });
});
