import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { composePage, pickEncoding, wantsPage } from './web';

const TEMPLATE = `<!doctype html><html><head><title>%BRAND_NAME% – Sell</title>
<meta property="og:image" content="%PUBLIC_URL%/icon-512.png" /><!--app-config--></head>
<body><noscript>%BRAND_NAME% needs JavaScript</noscript><div id="root"></div></body></html>`;

const CONFIG = {
  brandName: 'AgentChat',
  whatsappNumber: '2348012345678',
  supportContact: '+234 801 234 5678',
  demoMode: false,
  payoutSlaMinutes: 30,
  disputeResponseHours: 24,
  firstResponseTargetMinutes: 5,
  quoteTtlMinutes: 15,
  minOrderNaira: '5000',
  maxOrderNaira: '50000000',
  approvalThresholdUsd: '50',
  whatsappChannel: false,
  depositWatchMs: 30_000,
};
const PUBLIC_URL = 'https://desk.example.ng';
const CONTEXT = { config: CONFIG, publicUrl: PUBLIC_URL };

describe('composePage', () => {
  it('puts the configuration in a meta tag and the brand in the title, with #root empty', () => {
    const html = composePage(TEMPLATE, CONTEXT);
    expect(html).toContain(
      `<meta name="app-config" content='{"brandName":"AgentChat","whatsappNumber":"2348012345678","supportContact":"+234 801 234 5678","demoMode":false,"payoutSlaMinutes":30,"disputeResponseHours":24,"firstResponseTargetMinutes":5,"quoteTtlMinutes":15,"minOrderNaira":"5000","maxOrderNaira":"50000000","approvalThresholdUsd":"50","whatsappChannel":false,"depositWatchMs":30000}' />`,
    );
    expect(html).toContain('<title>AgentChat – Sell</title>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('gives link previews an absolute image address from PUBLIC_URL', () => {
    expect(composePage(TEMPLATE, CONTEXT)).toContain(
      '<meta property="og:image" content="https://desk.example.ng/icon-512.png" />',
    );
  });

  it('puts the server-rendered markup in #root, as it is', () => {
    const markup = "<h1>Sell crypto, we go %BRAND_NAME% <!--app-config--> $& $'</h1>";
    const html = composePage(TEMPLATE, CONTEXT, markup);
    expect(html).toContain(`<div id="root">${markup}</div>`);
  });

  it('puts the market figures the landing page shows beside the configuration, inert', () => {
    const market = {
      prices: [
        {
          symbol: 'BTC' as const,
          name: `Bit'coin & <b>`,
          usd: '97250.5',
          ngn: '160463325.00',
          marketNgn: null,
          change24h: null,
          updatedAt: '2026-11-29T10:00:00.000Z',
          stale: false,
        },
      ],
      rates: null,
    };
    const html = composePage(TEMPLATE, CONTEXT, '<h1>x</h1>', market);
    const meta = /<meta name="market" content='([^']*)' \/>/.exec(html);
    const decoded = meta![1]!.replaceAll('&#39;', "'").replaceAll('&amp;', '&');
    expect(JSON.parse(decoded)).toEqual(market);
    expect(composePage(TEMPLATE, CONTEXT)).not.toContain('name="market"');
  });

  it('keeps a brand name with replacement patterns and quotes intact and inert', () => {
    const html = composePage(TEMPLATE, {
      ...CONTEXT,
      config: { ...CONFIG, brandName: `Cash $' & <Co> "n" $&` },
    });
    expect(html).toContain(
      '<title>Cash $&#39; &amp; &lt;Co&gt; &quot;n&quot; $&amp; – Sell</title>',
    );
    expect(html).toContain(`"brandName":"Cash $&#39; &amp; <Co> \\"n\\" $&amp;"`);
    expect(html.match(/<div id="root"><\/div>/g)).toHaveLength(1);
  });

  it('refuses a template without #root', () => {
    expect(() => composePage('<html><body></body></html>', CONTEXT)).toThrow(/#root|id="root"/);
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, else none', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
  });

  it('honours q=0, which refuses an encoding', () => {
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip;q=0')).toBeUndefined();
    expect(pickEncoding('BR;Q=1')).toBe('br');
  });
});

describe('wantsPage: who gets the app instead of the JSON 404', () => {
  it('answers browsers, link-preview bots and plain clients with the page', () => {
    expect(wantsPage('GET', '/', 'text/html,application/xhtml+xml,*/*;q=0.8')).toBe(true);
    // WhatsApp's preview fetch (User-Agent "WhatsApp/2.23.20.0 A").
    expect(wantsPage('GET', '/', '*/*')).toBe(true);
    expect(wantsPage('GET', '/trade', '*/*')).toBe(true);
    expect(wantsPage('HEAD', '/agent/chats', undefined)).toBe(true);
    expect(wantsPage('GET', '/?chat=4', '')).toBe(true);
    expect(wantsPage('GET', '/x', 'text/*')).toBe(true);
  });

  it('keeps /api, other methods and clients asking for something else out', () => {
    expect(wantsPage('GET', '/api/nothing', '*/*')).toBe(false);
    expect(wantsPage('GET', '/api', 'text/html')).toBe(false);
    expect(wantsPage('GET', '/api?x=1', 'text/html')).toBe(false);
    expect(wantsPage('POST', '/', 'text/html')).toBe(false);
    expect(wantsPage('GET', '/missing.png', 'image/avif,image/webp')).toBe(false);
    expect(wantsPage('GET', '/x', 'application/json')).toBe(false);
  });
});

describe('index.html: the landing page as a shared link shows it', () => {
  const html = composePage(fs.readFileSync('index.html', 'utf8'), CONTEXT);

  it('has a description, Open Graph and Twitter tags, with an absolute image', () => {
    for (const tag of [
      /<meta\s+name="description"\s+content="Sell Bitcoin and USDT[^"]+"/,
      /<meta property="og:title" content="AgentChat – Sell Bitcoin and USDT for naira" \/>/,
      /<meta\s+property="og:description"\s+content="Sell Bitcoin and USDT[^"]+"/,
      /<meta property="og:image" content="https:\/\/desk\.example\.ng\/icon-512\.png"/,
      /<meta name="twitter:card" content="summary" \/>/,
    ]) {
      expect(html).toMatch(tag);
    }
    expect(html).not.toContain('%PUBLIC_URL%');
    expect(html).not.toContain('%BRAND_NAME%');
  });
});
