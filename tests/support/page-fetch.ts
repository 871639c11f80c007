import type { Page } from 'playwright-core';

/** A JSON request from the page itself: its cookies, its origin. */
export function pageFetch<T = unknown>(
  page: Page,
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ url, init }) => {
      const response = await fetch(url, {
        method: init.method ?? 'GET',
        headers: { 'content-type': 'application/json', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { url, init },
  );
}
