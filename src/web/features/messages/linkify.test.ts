import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('finds http and https links, leaving the sentence around them as text', () => {
    expect(linkify('Pay via https://pay.example.ng/x?id=1. Thanks')).toEqual([
      { kind: 'text', text: 'Pay via ' },
      {
        kind: 'link',
        text: 'https://pay.example.ng/x?id=1',
        href: 'https://pay.example.ng/x?id=1',
      },
      { kind: 'text', text: '. Thanks' },
    ]);
    expect(linkify('(see http://a.ng/b) and https://c.ng/d_(e)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'http://a.ng/b', href: 'http://a.ng/b' },
      { kind: 'text', text: ') and ' },
      { kind: 'link', text: 'https://c.ng/d_(e)', href: 'https://c.ng/d_(e)' },
    ]);
  });

  it('links nothing else: other schemes, markup, bare words', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'www.example.ng', 'Hi']) {
      expect(linkify(text), text).toEqual([{ kind: 'text', text }]);
    }
    // An address inside markup is only ever the address: the quote ends it.
    expect(linkify('<a href="https://evil.example">x</a>')).toContainEqual({
      kind: 'link',
      text: 'https://evil.example',
      href: 'https://evil.example/',
    });
    expect(linkify('')).toEqual([]);
  });
});
