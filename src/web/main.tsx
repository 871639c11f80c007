import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, AppShell } from './app/app-shell';
import { readAppConfig } from './lib/app-config';
import { createQueryClient } from './lib/query-client';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders config={readAppConfig()} queryClient={createQueryClient()}>
      <BrowserRouter>
        <AppShell />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
