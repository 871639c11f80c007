import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, AppShell } from './app/app-shell';
import { readAppConfig } from './lib/app-config';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// zod probes `new Function('')` to decide whether to compile its parsers, which our Content
// Security Policy (no 'unsafe-eval') reports as a violation. Its global config, read when zod
// first loads, turns the probe off; setting it here adds nothing to the landing page's bundle.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders config={readAppConfig()} queryClient={createQueryClient()}>
      <BrowserRouter>
        <AppShell />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
