import { RouterProvider } from 'react-router';
import { PageLoader } from '../components/feedback/page-loader';
import { useSession } from '../lib/session';
import { createAppRouter } from './routing/router';

// Created once, at start: the router begins loading the first page's chunk while the session
// initialises.
const router = createAppRouter();

/** Renders the routes once the session has initialised (spec §2: the shell waits for auth). */
export function App() {
  const { status } = useSession();
  if (status === 'initialising') return <PageLoader minHeight="100vh" />;
  return <RouterProvider router={router} />;
}
