import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a component that loads data: it renders inside the data layer, whose
 * query library loads in parallel with the component's own code, never on the first load of
 * a page that does not need it (decision 004).
 *
 *   Component: lazyWithData(() => import('../screens/customer-chat/chat-choice-screen')),
 */
export function lazyWithData<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  return lazy(async () => {
    const [{ default: Inner }, { DataLayer }] = await Promise.all([load(), import('./data-layer')]);
    function WithData(props: P) {
      return (
        <DataLayer>
          <Inner {...props} />
        </DataLayer>
      );
    }
    return { default: WithData };
  });
}
