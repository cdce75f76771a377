import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/feedback/page-loader';
import { SkipLink } from './skip-link';

/** Pages outside the app shell (sign-up): only the main landmark. */
export function BareLayout() {
  return (
    <>
      <SkipLink />
      <main id="main-content" tabIndex={-1} className="bare-main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
