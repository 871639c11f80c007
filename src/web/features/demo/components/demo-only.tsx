import type { ReactNode } from 'react';
import { useAppConfig } from '../../../lib/app-config';

/** The demo pages exist only while the server runs in DEMO_MODE; otherwise `notFound`. */
export function DemoOnly({ notFound, children }: { notFound: ReactNode; children: ReactNode }) {
  const { demoMode } = useAppConfig();
  return <>{demoMode ? children : notFound}</>;
}
