import { describe, expect, it } from 'vitest';
import { isSupportContact, supportContactLink } from './support-contact';

describe('SUPPORT_CONTACT', () => {
  it('accepts a link, a phone number or an email, and nothing else', () => {
    for (const ok of [
      'https://wa.me/2348012345678',
      'https://help.example.ng/support',
      '+234 801 234 5678',
      '08012345678',
      'help@example.ng',
    ]) {
      expect(isSupportContact(ok), ok).toBe(true);
    }
    for (const bad of ['javascript:alert(1)', 'call us', '12', 'ftp://x.example', '']) {
      expect(isSupportContact(bad), bad).toBe(false);
    }
  });

  it('names how: WhatsApp with the number, a phone, an email, a page', () => {
    expect(supportContactLink('https://wa.me/2348012345678')).toEqual({
      href: 'https://wa.me/2348012345678',
      text: 'WhatsApp +2348012345678',
    });
    expect(supportContactLink('+234 801 234 5678')).toEqual({
      href: 'tel:+2348012345678',
      text: '+234 801 234 5678',
    });
    expect(supportContactLink('help@example.ng')).toEqual({
      href: 'mailto:help@example.ng',
      text: 'help@example.ng',
    });
    expect(supportContactLink('https://help.example.ng/support/')).toEqual({
      href: 'https://help.example.ng/support/',
      text: 'help.example.ng/support',
    });
  });
});
