/** SUPPORT_CONTACT's three forms: a web link (a WhatsApp chat, a help page), a phone, an email. */
const PHONE = /^\+?\d[\d\s-]{5,18}\d$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function webUrl(value: string): URL | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export function isSupportContact(value: string): boolean {
  return webUrl(value) !== null || PHONE.test(value) || EMAIL.test(value);
}

/**
 * Where "Contact support" leads and how it reads: "WhatsApp +2348012345678" for a wa.me link,
 * the number for a phone (a tel: link), the address for an email, else the link without its
 * scheme. Only http(s), tel: and mailto: links come out of it.
 */
export function supportContactLink(contact: string): { href: string; text: string } {
  const url = webUrl(contact);
  if (url) {
    const digits = url.pathname.replace(/\D/g, '');
    if (url.hostname === 'wa.me' && digits) return { href: url.href, text: `WhatsApp +${digits}` };
    return { href: url.href, text: contact.replace(/^https?:\/\//i, '').replace(/\/$/, '') };
  }
  if (EMAIL.test(contact)) return { href: `mailto:${contact}`, text: contact };
  return { href: `tel:${contact.replace(/[\s-]/g, '')}`, text: contact };
}
