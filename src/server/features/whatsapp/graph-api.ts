import type { WhatsappSettings } from '../../config';

/** How long one Graph API call may take before it counts as failed (and is retried). */
const GRAPH_TIMEOUT_MS = 10_000;

/** Meta's codes for "too many requests" (answered with HTTP 400 as often as 429). */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131048, 131056]);

/**
 * A Graph API call that did not succeed. `retryable`: 429, 5xx, a rate-limit code or no answer
 * at all, worth sending again later; otherwise Meta refused the message for good (131047: the
 * 24-hour window has closed; 131026: the number cannot receive it) and `title` says why.
 */
export class GraphApiError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: number | null,
    readonly title: string,
    readonly retryable: boolean,
  ) {
    super(`Graph API ${status ?? 'unreachable'}${code === null ? '' : ` (${code})`}: ${title}`);
    this.name = 'GraphApiError';
  }
}

interface GraphErrorBody {
  error?: { code?: unknown; message?: unknown; error_user_title?: unknown };
}

async function graphError(response: Response): Promise<GraphApiError> {
  const body = (await response.json().catch(() => ({}))) as GraphErrorBody;
  const code = typeof body.error?.code === 'number' ? body.error.code : null;
  const title =
    typeof body.error?.error_user_title === 'string'
      ? body.error.error_user_title
      : typeof body.error?.message === 'string'
        ? body.error.message
        : `HTTP ${response.status}`;
  const retryable =
    response.status === 429 ||
    response.status >= 500 ||
    (code !== null && RATE_LIMIT_CODES.has(code));
  return new GraphApiError(response.status, code, title.slice(0, 300), retryable);
}

/** The WhatsApp Cloud API over plain fetch, with the channel's token. */
export class GraphApi {
  constructor(private readonly settings: WhatsappSettings) {}

  private async call(url: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${this.settings.accessToken}` },
        signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new GraphApiError(null, null, `No answer from the Graph API: ${reason}`, true);
    }
    if (!response.ok) throw await graphError(response);
    return response;
  }

  /** Sends one message (a Graph API `messages` body without its common fields); Meta's id back. */
  async send(to: string, message: Record<string, unknown>): Promise<string> {
    const response = await this.call(
      `${this.settings.graphUrl}/${this.settings.phoneNumberId}/messages`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          ...message,
        }),
      },
    );
    const body = (await response.json()) as { messages?: { id?: unknown }[] };
    const id = body.messages?.[0]?.id;
    if (typeof id !== 'string') {
      throw new GraphApiError(response.status, null, 'The Graph API answered without an id', true);
    }
    return id;
  }

  /**
   * Marks the customer's message read and shows them "typing…" (Meta dismisses it at the next
   * message or after 25 seconds). Meta answers `{ success: true }`, no message id.
   */
  async showTyping(wamid: string): Promise<void> {
    await this.call(`${this.settings.graphUrl}/${this.settings.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: wamid,
        typing_indicator: { type: 'text' },
      }),
    });
  }

  /** A customer's media (`image.id`, `document.id`, `audio.id`): its metadata first, then its bytes, both with the token. */
  async downloadMedia(mediaId: string, maxBytes: number): Promise<Buffer> {
    const info = await this.call(`${this.settings.graphUrl}/${encodeURIComponent(mediaId)}`);
    const { url, file_size: size } = (await info.json()) as { url?: unknown; file_size?: unknown };
    if (typeof url !== 'string' || !/^https?:\/\//.test(url))
      throw new GraphApiError(info.status, null, 'The media has no address', false);
    if (typeof size === 'number' && size > maxBytes)
      throw new GraphApiError(info.status, null, 'The media is too large', false);
    const file = await this.call(url);
    const bytes = Buffer.from(await file.arrayBuffer());
    if (bytes.length > maxBytes)
      throw new GraphApiError(file.status, null, 'The media is too large', false);
    return bytes;
  }

  /** Uploads a file for a message to refer to; the media id back. */
  async uploadMedia(bytes: Buffer, mime: string, name: string): Promise<string> {
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('type', mime);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: mime }), name);
    const response = await this.call(
      `${this.settings.graphUrl}/${this.settings.phoneNumberId}/media`,
      { method: 'POST', body: form },
    );
    const { id } = (await response.json()) as { id?: unknown };
    if (typeof id !== 'string')
      throw new GraphApiError(response.status, null, 'The Graph API answered without an id', true);
    return id;
  }
}
