import type { ComponentType } from 'react';
import { lazyWithData } from '../lib/lazy-with-data';

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
