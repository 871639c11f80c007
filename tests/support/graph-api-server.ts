import { createHmac, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { FakeHttpServer } from './fake-http-server';

/** The channel's settings every WhatsApp test uses, with the stand-in's URL. */
export const WHATSAPP_TEST_SETTINGS = {
  phoneNumberId: '106540352242922',
  accessToken: 'EAAG-test-access-token',
  appSecret: 'test-app-secret',
  verifyToken: 'test-verify-token',
} as const;

/** The environment that turns the channel on against the Graph API at `graphUrl`. */
export function whatsappEnv(graphUrl: string): Record<string, string> {
  return {
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP_TEST_SETTINGS.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: WHATSAPP_TEST_SETTINGS.accessToken,
    WHATSAPP_APP_SECRET: WHATSAPP_TEST_SETTINGS.appSecret,
    WHATSAPP_VERIFY_TOKEN: WHATSAPP_TEST_SETTINGS.verifyToken,
    WHATSAPP_GRAPH_URL: graphUrl,
  };
}

/** One failure the stand-in answers a send with, as the Graph API words it. */
export type GraphFailure = '429' | '500' | '131047' | '131026' | 'hang';

const FAILURES: Record<Exclude<GraphFailure, 'hang'>, { status: number; error: object }> = {
  '429': {
    status: 429,
    error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 },
  },
  '500': {
    status: 500,
    error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1 },
  },
  '131047': {
    status: 400,
    error: { message: '(#131047) Re-engagement message', type: 'OAuthException', code: 131047 },
  },
  '131026': {
    status: 400,
    error: { message: '(#131026) Message Undeliverable', type: 'OAuthException', code: 131026 },
  },
};

/** A message the stand-in accepted: what the app sent, and the id it gave. */
export interface SentMessage {
  wamid: string;
  to: string;
  body: Record<string, unknown>;
}

/**
 * The WhatsApp Cloud API (Graph API) on 127.0.0.1: `POST /{phone-number-id}/messages`, media
 * upload (`POST /{phone-number-id}/media`) and download (`GET /{media-id}`, then the file's URL),
 * each behind the bearer token; "mark read" with a typing indicator (`typing`). `failNext` queues the answers the next calls to `messages` get (429, 500,
 * 131047 re-engagement required, 131026 undeliverable, or a hang); `holdMedia` keeps customers'
 * files waiting. `sent` is its message log:
 * only what it answered 200 to.
 */
export class GraphApiServer extends FakeHttpServer {
  readonly sent: SentMessage[] = [];
  /** Every send it received, answered or not. */
  readonly attempts: Record<string, unknown>[] = [];
  readonly uploads: { id: string; type: string; bytes: Buffer }[] = [];
  /** The customer messages it was asked to mark read with "typing…" (their wamids), in order. */
  readonly typing: string[] = [];
  /** Media a customer "sent": its id gives its bytes and type. */
  readonly media = new Map<string, { mime: string; bytes: Buffer }>();
  /** Every media metadata request (`GET /{media-id}`), by media id, answered or held. */
  readonly mediaRequests: string[] = [];
  private readonly failures: GraphFailure[] = [];
  private counter = 0;
  private mediaHeld: Promise<void> | undefined;

  constructor() {
    super('Graph API', '/v23.0');
  }

  /**
   * Media metadata requests wait, unanswered, until the returned function is called: a customer's
   * file that takes its time to come.
   */
  holdMedia(): () => void {
    let release = () => {};
    this.mediaHeld = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.mediaHeld = undefined;
      release();
    };
  }

  failNext(...failures: GraphFailure[]): void {
    this.failures.push(...failures);
  }

  /** Resolves once `count` messages have been accepted. */
  async waitForSent(count: number, timeoutMs = 10_000): Promise<SentMessage[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.sent.length < count) {
      if (Date.now() > deadline)
        throw new Error(`Graph API stand-in: ${this.sent.length} of ${count} messages sent`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.sent;
  }

  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => this.answer(req, res, Buffer.concat(chunks)));
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): void {
    const json = (status: number, value: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    if (req.headers.authorization !== `Bearer ${WHATSAPP_TEST_SETTINGS.accessToken}`) {
      return json(401, {
        error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
      });
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/^\/v23\.0/, '');
    const phone = WHATSAPP_TEST_SETTINGS.phoneNumberId;
    if (req.method === 'POST' && path === `/${phone}/messages`) return this.send(res, body, json);
    if (req.method === 'POST' && path === `/${phone}/media`) {
      const id = `media-${++this.counter}`;
      const type = /name="type"\r\n\r\n([^\r]+)/.exec(body.toString('latin1'))?.[1] ?? '';
      this.uploads.push({ id, type, bytes: body });
      return json(200, { id });
    }
    const mediaInfo = /^\/(media-in-[\w-]+)$/.exec(path);
    if (req.method === 'GET' && mediaInfo) {
      const id = mediaInfo[1]!;
      this.mediaRequests.push(id);
      const held = this.mediaHeld;
      if (held) {
        void held.then(() => this.answerMediaInfo(id, json));
        return;
      }
      return this.answerMediaInfo(id, json);
    }
    const file = /^\/files\/(media-in-[\w-]+)$/.exec(path);
    if (req.method === 'GET' && file) {
      const media = this.media.get(file[1]!);
      if (!media) return json(404, { error: { message: 'Unknown media', code: 100 } });
      res.writeHead(200, { 'content-type': media.mime }).end(media.bytes);
      return;
    }
    return json(404, { error: { message: `Unknown path ${path}`, code: 100 } });
  }

  private answerMediaInfo(id: string, json: (status: number, value: unknown) => void): void {
    const media = this.media.get(id);
    if (!media) return json(404, { error: { message: 'Unknown media', code: 100 } });
    return json(200, {
      id,
      url: `${this.url}/files/${id}`,
      mime_type: media.mime,
      file_size: media.bytes.length,
      messaging_product: 'whatsapp',
    });
  }

  private send(
    res: http.ServerResponse,
    raw: Buffer,
    json: (status: number, value: unknown) => void,
  ): void {
    const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    // Mark read (with "typing…"): not a message; answered as Meta does, with no id.
    if (body.status === 'read') {
      const failure = this.failures.shift();
      if (failure === 'hang') return this.hang(res);
      if (failure) {
        const { status, error } = FAILURES[failure];
        return json(status, { error: { ...error, fbtrace_id: 'A1b2C3' } });
      }
      const indicator = body.typing_indicator as { type?: unknown } | undefined;
      if (typeof body.message_id !== 'string' || indicator?.type !== 'text')
        return json(400, { error: { message: 'Invalid parameter', code: 100 } });
      this.typing.push(body.message_id);
      return json(200, { success: true });
    }
    this.attempts.push(body);
    const failure = this.failures.shift();
    if (failure === 'hang') return this.hang(res);
    if (failure) {
      const { status, error } = FAILURES[failure];
      return json(status, { error: { ...error, fbtrace_id: 'A1b2C3' } });
    }
    const wamid = `wamid.${randomBytes(12).toString('hex')}`;
    const to = String(body.to);
    this.sent.push({ wamid, to, body });
    return json(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: wamid }],
    });
  }
}

/** The X-Hub-Signature-256 Meta would send with `body`. */
export function signWebhook(body: string, secret: string = WHATSAPP_TEST_SETTINGS.appSecret) {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

let messageCounter = 0;

/** A webhook delivery as Meta words one: messages and statuses for our phone number. */
export function webhookDelivery(value: {
  messages?: object[];
  statuses?: object[];
  contacts?: { wa_id: string; name: string }[];
  phoneNumberId?: string;
}): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: '15550783881',
                phone_number_id: value.phoneNumberId ?? WHATSAPP_TEST_SETTINGS.phoneNumberId,
              },
              ...(value.contacts
                ? {
                    contacts: value.contacts.map((c) => ({
                      profile: { name: c.name },
                      wa_id: c.wa_id,
                    })),
                  }
                : {}),
              ...(value.messages ? { messages: value.messages } : {}),
              ...(value.statuses ? { statuses: value.statuses } : {}),
            },
          },
        ],
      },
    ],
  });
}

/** A customer's text message as the webhook carries it. */
export function textMessage(from: string, text: string, at = new Date()): object {
  return {
    from,
    id: `wamid.in-${Date.now().toString(36)}-${++messageCounter}`,
    timestamp: String(Math.floor(at.getTime() / 1000)),
    type: 'text',
    text: { body: text },
  };
}

/**
 * A customer's photo, document or audio as the webhook carries it; the stand-in serves `bytes`
 * (as `mime`, whatever they are) for its media id, as Meta's media API does.
 */
export function mediaMessage(
  graph: GraphApiServer,
  from: string,
  kind: 'image' | 'document' | 'audio',
  file: { mime: string; bytes: Buffer; filename?: string; caption?: string },
  at = new Date(),
): { id: string } & Record<string, unknown> {
  const mediaId = `media-in-${kind}-${Date.now().toString(36)}-${++messageCounter}`;
  graph.media.set(mediaId, { mime: file.mime, bytes: file.bytes });
  return {
    from,
    id: `wamid.in-${kind}-${Date.now().toString(36)}-${messageCounter}`,
    timestamp: String(Math.floor(at.getTime() / 1000)),
    type: kind,
    [kind]: {
      id: mediaId,
      mime_type: file.mime,
      ...(file.filename === undefined ? {} : { filename: file.filename }),
      ...(file.caption === undefined ? {} : { caption: file.caption }),
      ...(kind === 'audio' ? { voice: true } : {}),
    },
  };
}

/** A status update for a message the desk sent. */
export function statusUpdate(
  wamid: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  error?: { code: number; title: string },
  recipient = '2348031234567',
): object {
  return {
    id: wamid,
    status,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: recipient,
    ...(error ? { errors: [error] } : {}),
  };
}

/** A reply button of an interactive message the app sent. */
export interface ReplyButton {
  id: string;
  title: string;
}

/** The reply buttons of a message the app sent (none for a text, an image or a list). */
export function replyButtons(message: SentMessage): ReplyButton[] {
  const interactive = message.body.interactive as
    { type?: string; action?: { buttons?: { reply?: ReplyButton }[] } } | undefined;
  if (interactive?.type !== 'button') return [];
  return (interactive.action?.buttons ?? []).flatMap((b) => (b.reply ? [b.reply] : []));
}

/** The text a message the app sent shows: a text's body, buttons' body, an image's caption. */
export function shownText(message: SentMessage): string {
  const body = message.body as {
    text?: { body?: string };
    interactive?: { body?: { text?: string } };
    image?: { caption?: string };
  };
  return body.text?.body ?? body.interactive?.body?.text ?? body.image?.caption ?? '';
}

/** The customer taps a reply button, as the webhook carries the tap. */
export function buttonReply(from: string, button: ReplyButton, at = new Date()): object {
  return {
    from,
    id: `wamid.in-${Date.now().toString(36)}-${++messageCounter}`,
    timestamp: String(Math.floor(at.getTime() / 1000)),
    type: 'interactive',
    interactive: { type: 'button_reply', button_reply: button },
  };
}
