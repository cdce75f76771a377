import './styles/mantine.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppProviders } from './app/providers';
import { initI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
// After the modules above: the portal's own classes follow the Mantine styles they adjust.
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Elementul #root lipsește din index.html');

initI18n().then((i18n) => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <App />
      </AppProviders>
    </StrictMode>,
  );
});
