import { describe, expect, it } from 'vitest';
import { composePage, pickEncoding } from './web';

const TEMPLATE = `<!doctype html><html><head><title>%BRAND_NAME% – Sell</title><!--app-config--></head>
<body><noscript>%BRAND_NAME% needs JavaScript</noscript><div id="root"></div></body></html>`;

const CONFIG = { brandName: 'AgentChat', whatsappNumber: '2348012345678', demoMode: false };

describe('composePage', () => {
  it('puts the configuration in a meta tag and the brand in the title, with #root empty', () => {
    const html = composePage(TEMPLATE, CONFIG);
    expect(html).toContain(
      `<meta name="app-config" content='{"brandName":"AgentChat","whatsappNumber":"2348012345678","demoMode":false}' />`,
    );
    expect(html).toContain('<title>AgentChat – Sell</title>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('puts the server-rendered markup in #root, as it is', () => {
    const markup = "<h1>Sell crypto, we go %BRAND_NAME% <!--app-config--> $& $'</h1>";
    const html = composePage(TEMPLATE, CONFIG, markup);
    expect(html).toContain(`<div id="root">${markup}</div>`);
  });

  it('keeps a brand name with replacement patterns and quotes intact and inert', () => {
    const html = composePage(TEMPLATE, { ...CONFIG, brandName: `Cash $' & <Co> 'n' $&` });
    expect(html).toContain("<title>Cash $' & &lt;Co> 'n' $& – Sell</title>");
    expect(html).toContain(`"brandName":"Cash $&#39; &amp; <Co> &#39;n&#39; $&amp;"`);
    expect(html.match(/<div id="root"><\/div>/g)).toHaveLength(1);
  });

  it('refuses a template without #root', () => {
    expect(() => composePage('<html><body></body></html>', CONFIG)).toThrow(/#root|id="root"/);
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
