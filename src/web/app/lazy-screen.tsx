import type { ComponentType } from 'react';
import { lazyWithData } from '../lib/lazy-with-data';
import type { Guard, GuardedScreenProps } from './guards';

const loadLiveDataLayer = () => import('./live-data-layer').then((m) => m.LiveDataLayer);

/**
 * A screen of the route table, loaded lazily: it renders in the data layer with the app's one
 * realtime subscription above it (live-updates.tsx), loaded in parallel with the screen.
 *
 *   Component: lazyScreen(() => import('../screens/customer-chat/chat-choice-screen')),
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  return lazyWithData(load, loadLiveDataLayer);
}

/**
 * A screen behind one of auth's guards (guards.tsx), both loaded lazily with the screen, so the
 * guards stay out of the landing page's first load:
 *
 *   Component: guardedScreen('admin', () => import('../features/agents/agent-management-screen')),
 */
export function guardedScreen(
  guard: Guard,
  load: () => Promise<{ default: ComponentType<GuardedScreenProps> }>,
): ComponentType {
  return lazyScreen(async () => {
    const [{ withGuard }, { default: Screen }] = await Promise.all([import('./guards'), load()]);
    return { default: withGuard(guard, Screen) };
  });
}
