import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Can, usePermissions } from './permissions';
import { SessionContext } from './session';
import { buildCurrentUser } from './testing/fixtures';
import { fakeSession } from './testing/render-app';

const withUser = (role: Parameters<typeof buildCurrentUser>[0] | null) => {
  const session = fakeSession({ user: role === null ? null : buildCurrentUser(role) });
  return ({ children }: { children: ReactNode }) => <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
};

describe('usePermissions', () => {
  it('answers from the permission object of users/me', () => {
    const { result } = renderHook(() => usePermissions(), { wrapper: withUser({ user_type_name: 'staff' }) });
    expect(result.current.can('controlRead')).toBe(true);
    expect(result.current.can('systemConfig')).toBe(false);
    expect(result.current.can('systemConfig', 'controlRead')).toBe(true);
    expect(result.current.can()).toBe(true);
  });
});

describe('Can', () => {
  it('renders its children when one permission is held', () => {
    render(
      <Can permission={['paymentRegistryRead', 'complainCreate']}>
        <button type="button">Sesizare nouă</button>
      </Can>,
      { wrapper: withUser({ user_type_name: 'citizen' }) },
    );
    expect(screen.getByRole('button', { name: 'Sesizare nouă' })).toBeInTheDocument();
  });

  it('removes the element when the permission is missing', () => {
    render(
      <Can permission="paymentRegistryRead">
        <button type="button">Registrul de plăți</button>
      </Can>,
      { wrapper: withUser({ user_type_name: 'citizen' }) },
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the fallback instead', () => {
    render(
      <Can permission="systemConfig" fallback={<span>Fără acces</span>}>
        <span>Configurare</span>
      </Can>,
      { wrapper: withUser({ user_type_name: 'staff' }) },
    );
    expect(screen.getByText('Fără acces')).toBeInTheDocument();
    expect(screen.queryByText('Configurare')).not.toBeInTheDocument();
  });

  it('shows nothing to a visitor', () => {
    render(
      <Can permission="applicationsRead">
        <span>Cereri</span>
      </Can>,
      { wrapper: withUser(null) },
    );
    expect(screen.queryByText('Cereri')).not.toBeInTheDocument();
  });
});
