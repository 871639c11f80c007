import { supportContactLink } from '../../../../shared/support-contact';
import { useAppConfig } from '../../../lib/app-config';

/**
 * The spec's "Your account is restricted. Contact support." with how to reach support
 * (SUPPORT_CONTACT): a WhatsApp chat, a phone number or an email.
 */
export function RestrictedNote() {
  const { href, text } = supportContactLink(useAppConfig().supportContact);
  const web = href.startsWith('http');
  return (
    <span data-testid="restricted-note">
      Your account is restricted. Contact support:{' '}
      <a
        href={href}
        className="font-semibold text-brand-700 underline underline-offset-2"
        {...(web && { target: '_blank', rel: 'noopener noreferrer' })}
      >
        {text}
      </a>
    </span>
  );
}
