// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientOnly } from './client-only';

afterEach(cleanup);

describe('ClientOnly', () => {
  it('sends the fallback from the server, and renders no child there', () => {
    let rendered = false;
    function Child() {
      rendered = true;
      return <p>child</p>;
    }
    const html = renderToString(
      <ClientOnly fallback={<p>placeholder</p>}>
        <Child />
      </ClientOnly>,
    );
    expect(html).toBe('<p>placeholder</p>');
    expect(rendered).toBe(false);
  });

  it('renders its children once mounted in the browser, the fallback while their code loads', async () => {
    let load!: () => void;
    const Lazy = lazy(
      () =>
        new Promise<{ default: () => React.JSX.Element }>((resolve) => {
          load = () => resolve({ default: () => <p>lazy part</p> });
        }),
    );
    render(
      <ClientOnly fallback={<p>placeholder</p>}>
        <Lazy />
      </ClientOnly>,
    );
    expect(screen.getByText('placeholder')).toBeTruthy();
    await vi.waitFor(() => expect(load).toBeTypeOf('function'));
    expect(screen.getByText('placeholder')).toBeTruthy();
    load();
    expect(await screen.findByText('lazy part')).toBeTruthy();
    expect(screen.queryByText('placeholder')).toBeNull();
  });
});
