/**
 * The web app's server entry, built into dist/ssr (`vite build --ssr`) and loaded by the server
 * at start (src/server/platform/web.ts): the landing page's markup, which main.tsx hydrates
 * (decision 005). Every other page is rendered by the browser alone.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { WebRenderer } from '../shared/web-render';
import { App } from './app/app-shell';
import { chatToOpen } from './app/routes';

export const isServerRendered: WebRenderer['isServerRendered'] = (url) => {
  // Not `new URL(url, base)`: a path such as //x would read as a host.
  const { pathname, search } = new URL(`http://localhost${url}`);
  return pathname === '/' && chatToOpen(search) === null;
};

export const renderLanding: WebRenderer['renderLanding'] = (config, market) =>
  renderToString(
    <App
      config={config}
      market={market}
      router={(app) => <StaticRouter location="/">{app}</StaticRouter>}
    />,
  );
