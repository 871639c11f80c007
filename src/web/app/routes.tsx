import { createElement, lazy } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { LandingPage } from '../screens/landing/landing-page';
import { guardedScreen, lazyScreen } from './lazy-screen';
import { ServerNavigation } from './server-navigation';

/** Lazy too: few visits start on an unknown path. */
const NotFoundPage = lazy(() => import('./not-found-page'));

/** The agents' inbox: the chat list, the open chat and its customer. */
const AgentInbox = guardedScreen(
  'staff',
  () => import('../screens/agent-inbox/agent-chats-screen'),
);

/** A path from the spec's route table whose screen is not built yet: the not-found page. */
const notBuilt = <NotFoundPage />;

/** The chat that `/?chat={id}` opens, if the query names one. */
export function chatToOpen(search: string): string | null {
  return new URLSearchParams(search).get('chat') || null;
}

/** `/` is the landing page; `/?chat={id}` opens that chat. */
function LandingRoute() {
  const chat = chatToOpen(useLocation().search);
  if (chat) return <Navigate replace to={`/chat/${encodeURIComponent(chat)}`} />;
  return <LandingPage />;
}

/**
 * The spec's whole route table. The landing page is eager: it is most visitors' first load.
 * Every other screen is one lazy route, so customer, agent and admin code each load only in
 * their own portal:
 *
 *   { path: '/agent/login', Component: lazyScreen(() => import('../features/auth/agent-login-screen')) },
 *
 * (the screen module's default export is the screen; <AppShell> supplies the Suspense;
 * `lazyScreen` puts it inside the TanStack Query layer and its live updates, which the landing
 * page does without). A screen for some users only gets its guard here, not in its own module
 * (the layers are app → screens → features: a feature's screen does not import auth's guards):
 *
 *   { path: '/agent/orders', Component: guardedScreen('staff', () => import('../features/orders/agent-orders-screen')) },
 */
export const appRoutes: RouteObject[] = [
  // Public
  { path: '/', element: <LandingRoute /> },

  // Customer portal
  {
    path: '/trade',
    Component: lazyScreen(() => import('../screens/customer-chat/chat-choice-screen')),
  },
  {
    path: '/chat',
    Component: lazyScreen(() => import('../screens/customer-chat/chat-choice-screen')),
  },
  {
    path: '/chat/:sessionId',
    Component: lazyScreen(() => import('../screens/customer-chat/chat-session-screen')),
  },
  {
    path: '/trading-history',
    Component: guardedScreen(
      'signed-in',
      () => import('../features/transactions/trading-history-screen'),
    ),
  },
  {
    path: '/account',
    Component: lazyScreen(() => import('../features/customers/account-screen')),
  },
  { path: '/privacy', Component: lazy(() => import('./privacy-page')) },
  {
    path: '/payout-accounts',
    Component: lazyScreen(() => import('../features/payout-accounts/payout-accounts-screen')),
  },
  // A completed order's printable receipt: its customer, or any agent or admin.
  {
    path: '/orders/:id/receipt',
    Component: lazyScreen(() => import('../features/orders/receipt-screen')),
  },

  // Agent portal
  {
    path: '/agent/login',
    Component: lazyScreen(() => import('../features/auth/agent-login-screen')),
  },
  {
    path: '/agent/reset-password',
    Component: lazyScreen(() => import('../features/auth/reset-password-screen')),
  },
  {
    path: '/agent/security',
    Component: lazyScreen(() => import('../features/auth/account-security-screen')),
  },
  // One component for the three paths, so moving between chats keeps the inbox mounted (the
  // list's scroll, search and filter).
  { path: '/agent', Component: AgentInbox },
  { path: '/agent/chats', Component: AgentInbox },
  { path: '/agent/chats/:sessionId', Component: AgentInbox },
  {
    path: '/agent/dashboard',
    Component: guardedScreen(
      'staff-only',
      () => import('../screens/agent-dashboard/agent-dashboard-screen'),
    ),
  },
  {
    path: '/agent/orders',
    Component: guardedScreen('staff', () => import('../features/orders/agent-orders-screen')),
  },
  {
    path: '/agent/exchange-rates',
    Component: guardedScreen(
      'staff-or-home',
      () => import('../features/rates/exchange-rates-screen'),
    ),
  },
  {
    path: '/exchange-rates',
    Component: guardedScreen(
      'staff-or-home',
      () => import('../features/rates/exchange-rates-screen'),
    ),
  },
  {
    path: '/agent/trading-history',
    Component: guardedScreen(
      'staff',
      () => import('../features/transactions/trading-history-screen'),
    ),
  },
  {
    path: '/agent/transaction/:sessionId',
    Component: guardedScreen(
      'staff-only',
      () => import('../features/transactions/process-transaction-screen'),
    ),
  },
  {
    path: '/transaction/:sessionId',
    Component: guardedScreen(
      'staff-only',
      () => import('../features/transactions/process-transaction-screen'),
    ),
  },

  // Admin portal
  {
    path: '/agent/admin',
    Component: guardedScreen(
      'admin',
      () => import('../screens/admin-dashboard/admin-dashboard-screen'),
    ),
  },
  {
    path: '/admin-dashboard',
    Component: guardedScreen(
      'admin',
      () => import('../screens/admin-dashboard/admin-dashboard-screen'),
    ),
  },
  {
    path: '/agent/management',
    Component: guardedScreen('admin', () => import('../features/agents/agent-management-screen')),
  },
  {
    path: '/admin/desk-addresses',
    Component: guardedScreen(
      'admin',
      () => import('../features/deposit-addresses/deposit-addresses-screen'),
    ),
  },
  {
    path: '/admin/setup',
    Component: lazyScreen(() => import('../features/auth/admin-setup-screen')),
  },

  // Demo (test mode)
  // Only while the server runs in DEMO_MODE; otherwise they show the not-found page.
  {
    path: '/test-agent',
    element: createElement(
      lazyScreen(() => import('../features/demo/demo-agent-screen')),
      { notFound: notBuilt },
    ),
  },
  {
    path: '/test-customer',
    element: createElement(
      lazyScreen(() => import('../features/demo/demo-customer-screen')),
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
