import { configure } from '@testing-library/dom';

// Screens load their parts lazily; on a busy 2-core machine a lazy chunk can take longer than
// testing-library's 1 s default to appear. Waiting longer only slows a test that fails.
configure({ asyncUtilTimeout: 5_000 });

/**
 * jsdom has no matchMedia. This one answers width queries ("(min-width: 1024px)") against
 * window.innerWidth (jsdom's 1024 unless a test sets it), so the agents' inbox lays itself out
 * as it would in a browser that wide. It never reports a change: a test sets the width first.
 */
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => {
    const width = window.innerWidth;
    const matches = [...query.matchAll(/\((min|max)-width:\s*(\d+)px\)/g)].every(([, side, px]) =>
      side === 'min' ? width >= Number(px) : width <= Number(px),
    );
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}
