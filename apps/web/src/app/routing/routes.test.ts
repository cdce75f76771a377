import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import routeTexts from '../../locales/ro/routes.json';
import { APP_ROUTES, lazyPage, REDIRECTS } from './routes';

const texts = routeTexts as unknown as Record<string, unknown> & { modules: Record<string, string> };

describe('route table', () => {
  it('registers every route of spec §2 once', () => {
    const paths = APP_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/auth/signin',
      '/auth/signup',
      '/auth/reset-password',
      '/auth/verify-sms',
      '/home',
      '/domains',
      '/applications',
      '/application/new/:appId?',
      '/application/:id/:tab?',
      '/applications-inbox',
      '/register-application',
      '/qr/:id',
      '/complain/:id',
      '/control/:id',
      '/notifications-templates/:id/edit',
      '/institution',
      '/atlas-public-view',
      '/archive-document/:id',
      '/sign-internal-documents',
      '/403',
      '/404',
      '/500',
      '/about',
      '/terms',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('redirects / to /home, /atlas to its layers and unknown paths to /404', () => {
    expect(REDIRECTS).toEqual([
      { path: '/', to: '/home' },
      { path: '/atlas', to: '/atlas/layers' },
      { path: '*', to: '/404' },
    ]);
  });

  it('gives every route a Romanian title and every placeholder a module name', () => {
    for (const { meta } of APP_ROUTES) {
      expect(typeof texts[meta.titleKey], meta.titleKey).toBe('string');
      if (meta.moduleKey) expect(typeof texts.modules[meta.moduleKey], meta.moduleKey).toBe('string');
    }
  });

  it('maps the spec permission names to permission keys', () => {
    const permissionsOf = (path: string) => APP_ROUTES.find((r) => r.path === path)?.meta.permissions;
    expect(permissionsOf('/applications')).toEqual(['applicationsRead']);
    expect(permissionsOf('/applications-review')).toEqual(['applicationsStaffOwnRead']);
    expect(permissionsOf('/register-application')).toEqual(['applicationsRegister']);
    expect(permissionsOf('/institutions')).toEqual(['organisationsRead']);
    expect(permissionsOf('/institution')).toEqual(['organisationsOwn', 'organisationsView']);
    expect(permissionsOf('/system-settings')).toEqual(['systemSettingsRead']);
    expect(permissionsOf('/useful-links')).toBeUndefined();
  });

  it('marks signed-in, public-only and link routes', () => {
    const meta = (path: string) => APP_ROUTES.find((r) => r.path === path)?.meta;
    expect(meta('/useful-links')?.auth).toBe(true);
    expect(meta('/institution')?.organisationLimited).toBe(true);
    expect(meta('/auth/signup')).toMatchObject({ publicOnly: true, layout: 'bare' });
    expect(meta('/auth/set-password')?.confirmationKey).toBe(true);
    expect(meta('/auth/confirm-email')?.emailVerification).toBe(true);
    expect(meta('/auth/verify-sms')).toMatchObject({ phoneVerification: true, verifyToken: true });
    for (const path of ['/auth/signin', '/qr/:id', '/about', '/terms', '/404', '/atlas-public-view'])
      expect(meta(path)?.auth).toBeFalsy();
  });

  it('loads every page lazily', async () => {
    for (const route of APP_ROUTES) expect(typeof route.page).toBe('function');
    const { Component } = await APP_ROUTES.find((r) => r.path === '/home')!.page();
    expect(typeof Component).toBe('function');
  });

  it("fetches a page's texts beside its chunk, before the page renders", async () => {
    let release: (module: { Page: () => null }) => void = () => {};
    const chunk = new Promise<{ Page: () => null }>((resolve) => {
      release = resolve;
    });
    const loading = lazyPage(() => chunk, 'Page', ['public-status'])();
    // The chunk has not arrived yet, and the namespace is already on its way (not after it).
    await vi.waitFor(() => expect(i18n.hasLoadedNamespace('public-status')).toBe(true));
    release({ Page: () => null });
    const { Component } = await loading;
    expect(typeof Component).toBe('function');
    expect(i18n.t('public-status:phone.heading', { defaultValue: '' })).not.toBe('');
  });
});
