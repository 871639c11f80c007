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

/**
 * Sends a PNG into a chat from the page itself (its cookies, its origin), as the chat's image
 * button does (multipart, POST /api/chat-sessions/:id/attachments); answers the message's id.
 */
export async function pageSendImage(
  page: Page,
  chatSessionId: number,
  png: Buffer,
): Promise<number> {
  const { status, body } = await page.evaluate(
    async ({ chatSessionId, bytes }) => {
      const form = new FormData();
      form.append('clientMessageId', crypto.randomUUID());
      form.append('caption', '');
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'proof.png');
      const response = await fetch(`/api/chat-sessions/${chatSessionId}/attachments`, {
        method: 'POST',
        body: form,
      });
      return { status: response.status, body: (await response.json()) as { id?: number } };
    },
    { chatSessionId, bytes: [...png] },
  );
  if (status !== 201 || typeof body.id !== 'number') {
    throw new Error(`sending an image answered ${status}: ${JSON.stringify(body)}`);
  }
  return body.id;
}

/**
 * POST /api/orders from the page as its Sell form makes it: previewed first (same body), then
 * locked with the preview's rateVersion. Answers the lock's status and body.
 */
export async function pagePlaceOrder<T = unknown>(
  page: Page,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<{ status: number; body: T }> {
  const preview = await pageFetch<{ rateVersion?: string }>(page, '/api/orders/preview', {
    method: 'POST',
    body,
  });
  if (preview.status !== 200)
    throw new Error(`preview: ${preview.status} ${JSON.stringify(preview.body)}`);
  return pageFetch<T>(page, '/api/orders', {
    method: 'POST',
    body: { ...body, rateVersion: preview.body.rateVersion },
    headers,
  });
}
