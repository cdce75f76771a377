import { RouterProvider } from 'react-router';
import { PageLoader } from '../components/feedback/page-loader';
import { useSession } from '../lib/session';
import { getStoredToken } from '../lib/storage';
import { loadSignedInChrome } from './layout/signed-in-chrome-lazy';
import { createAppRouter } from './routing/router';

// Created once, at start: the router begins loading the first page's chunk while the session
// initialises.
const router = createAppRouter();
// With a stored session the signed-in shell will be needed: fetch it alongside the first page.
if (getStoredToken()) void loadSignedInChrome().catch(() => {});

/** Renders the routes once the session has initialised (spec §2: the shell waits for auth). */
export function App() {
  const { status } = useSession();
  if (status === 'initialising') return <PageLoader minHeight="100vh" />;
  return <RouterProvider router={router} />;
}
