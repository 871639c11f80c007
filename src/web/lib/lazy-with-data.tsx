import { lazy, type ComponentType, type ReactNode } from 'react';

/** A layer a lazy component renders in: the data layer, or one the app builds on it. */
export type DataLayerComponent = ComponentType<{ children: ReactNode }>;

const loadDataLayer = () => import('./data-layer').then((m) => m.DataLayer);

/**
 * `React.lazy` for a component that loads data: it renders inside the data layer, whose
 * query library loads in parallel with the component's own code, never on the first load of
 * a page that does not need it (decision 004). The app's screens pass the app's layer, which
 * adds the live updates (app/lazy-screen.tsx).
 *
 *   Component: lazyWithData(() => import('../screens/customer-chat/chat-choice-screen')),
 */
export function lazyWithData<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  loadLayer: () => Promise<DataLayerComponent> = loadDataLayer,
): ComponentType<P> {
  return lazy(async () => {
    const [{ default: Inner }, Layer] = await Promise.all([load(), loadLayer()]);
    function WithData(props: P) {
      return (
        <Layer>
          <Inner {...props} />
        </Layer>
      );
    }
    return { default: WithData };
  });
}
