import type { ReactNode } from 'react';
import { DataLayer } from '../lib/data-layer';
import { LiveUpdates } from './live-updates';

/** The data layer of the app's screens: the query cache, and the realtime events applied to it. */
export function LiveDataLayer({ children }: { children: ReactNode }) {
  return (
    <DataLayer>
      <LiveUpdates />
      {children}
    </DataLayer>
  );
}
