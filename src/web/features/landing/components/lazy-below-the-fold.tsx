import { lazy } from 'react';

/** The sections under the hero, in a chunk of their own (below-the-fold.tsx). */
export const BelowTheFold = lazy(() => import('./below-the-fold'));
