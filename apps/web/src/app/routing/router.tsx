import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../../components/feedback/page-loader';
import { AppLayout } from '../layout/app-layout';
import { BareLayout } from '../layout/bare-layout';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { APP_ROUTES, type AppRouteDefinition, REDIRECTS } from './routes';

/** Shown while the first page's chunk loads. */
function FirstPageLoader() {
  return <PageLoader minHeight="100vh" />;
}

const toRouteObject = ({ path, meta, page }: AppRouteDefinition): RouteObject => ({ path, handle: meta, lazy: page });

/** The route tree: every page lazy, grouped under the shell layout or the bare one. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: FirstPageLoader,
      children: [
        { Component: AppLayout, children: APP_ROUTES.filter((r) => r.meta.layout !== 'bare').map(toRouteObject) },
        { Component: BareLayout, children: APP_ROUTES.filter((r) => r.meta.layout === 'bare').map(toRouteObject) },
        ...REDIRECTS.map(({ path, to }) => ({ path, element: <Navigate to={to} replace /> })),
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRoutes());
