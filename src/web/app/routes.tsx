import { createElement, lazy } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { LandingPage } from '../features/landing';
import { ServerNavigation } from './server-navigation';

/** Lazy too: few visits start on an unknown path. */
const NotFoundPage = lazy(() => import('./not-found-page'));

/** A path from the spec's route table whose screen is not built yet: the not-found page. */
const notBuilt = <NotFoundPage />;

/** `/` is the landing page; `/?chat={id}` opens that chat. */
function LandingRoute() {
  const chat = new URLSearchParams(useLocation().search).get('chat');
  if (chat) return <Navigate replace to={`/chat/${encodeURIComponent(chat)}`} />;
  return <LandingPage />;
}

/**
 * The spec's whole route table. The landing page is eager: it is most visitors' first load.
 * Every other screen is one lazy route, so customer, agent and admin code each load only in
 * their own portal:
 *
 *   const AgentLoginScreen = lazy(() => import('../features/auth/agent-login-screen'));
 *   { path: '/agent/login', element: <AgentLoginScreen /> },
 *
 * (the screen module's default export is the screen; <AppShell> supplies the Suspense).
 */
export const appRoutes: RouteObject[] = [
  // Public
  { path: '/', element: <LandingRoute /> },

  // Customer portal
  { path: '/trade', Component: lazy(() => import('../features/chat/chat-choice-screen')) },
  { path: '/chat', Component: lazy(() => import('../features/chat/chat-choice-screen')) },
  {
    path: '/chat/:sessionId',
    Component: lazy(() => import('../features/chat/chat-session-screen')),
  },
  {
    path: '/trading-history',
    Component: lazy(() => import('../features/transactions/trading-history-screen')),
  },

  // Agent portal
  { path: '/agent/login', Component: lazy(() => import('../features/auth/agent-login-screen')) },
  { path: '/agent', Component: lazy(() => import('../features/agent-chats/agent-chats-screen')) },
  {
    path: '/agent/chats',
    Component: lazy(() => import('../features/agent-chats/agent-chats-screen')),
  },
  {
    path: '/agent/dashboard',
    Component: lazy(() => import('../features/agent-chats/agent-dashboard-screen')),
  },
  {
    path: '/agent/exchange-rates',
    Component: lazy(() => import('../features/rates/exchange-rates-screen')),
  },
  {
    path: '/exchange-rates',
    Component: lazy(() => import('../features/rates/exchange-rates-screen')),
  },
  {
    path: '/agent/trading-history',
    Component: lazy(() => import('../features/transactions/trading-history-screen')),
  },
  {
    path: '/agent/transaction/:sessionId',
    Component: lazy(() => import('../features/transactions/process-transaction-screen')),
  },
  {
    path: '/transaction/:sessionId',
    Component: lazy(() => import('../features/transactions/process-transaction-screen')),
  },

  // Admin portal
  {
    path: '/agent/admin',
    Component: lazy(() => import('../features/admin-dashboard/admin-dashboard-screen')),
  },
  {
    path: '/admin-dashboard',
    Component: lazy(() => import('../features/admin-dashboard/admin-dashboard-screen')),
  },
  {
    path: '/agent/management',
    Component: lazy(() => import('../features/agents/agent-management-screen')),
  },
  { path: '/admin/setup', Component: lazy(() => import('../features/auth/admin-setup-screen')) },

  // Demo (test mode)
  // Only while the server runs in DEMO_MODE; otherwise they show the not-found page.
  {
    path: '/test-agent',
    element: createElement(
      lazy(() => import('../features/demo/demo-agent-screen')),
      { notFound: notBuilt },
    ),
  },
  {
    path: '/test-customer',
    element: createElement(
      lazy(() => import('../features/demo/demo-customer-screen')),
      { notFound: notBuilt },
    ),
  },

  // Sign-in and sign-out belong to the server: navigation targets, not screens.
  { path: '/api/login', element: <ServerNavigation /> },
  { path: '/api/logout', element: <ServerNavigation /> },

  { path: '*', element: <NotFoundPage /> },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
