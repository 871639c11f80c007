// @vitest-environment jsdom
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataLayer } from './data-layer';
import { lazyWithData } from './lazy-with-data';
import { createQueryClient } from './query-client';

let seen: unknown[] = [];
function ClientProbe({ label }: { label: string }) {
  seen.push(useQueryClient());
  return <p>{label}</p>;
}

describe('the data layer', () => {
  afterEach(cleanup);

  it('gives every screen the same query client, so the cache survives navigation', () => {
    seen = [];
    const first = render(
      <DataLayer>
        <ClientProbe label="one" />
      </DataLayer>,
    );
    first.unmount();
    render(
      <DataLayer>
        <ClientProbe label="two" />
      </DataLayer>,
    );
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });

  it('uses a client provided above it (tests bring their own)', () => {
    seen = [];
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <DataLayer>
          <ClientProbe label="one" />
        </DataLayer>
      </QueryClientProvider>,
    );
    expect(seen[0]).toBe(client);
  });

  it('lazyWithData renders the loaded component, with its props, inside the data layer', async () => {
    seen = [];
    const Lazy = lazyWithData(async () => ({ default: ClientProbe }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy label="loaded" />
      </Suspense>,
    );
    expect(await screen.findByText('loaded')).toBeTruthy();
    expect(seen.at(-1)).toBeDefined();
  });
});
