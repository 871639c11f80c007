import { useEffect } from 'react';
import { AboutSection } from './about-section';
import { HowItWorks } from './how-it-works';
import { SiteFooter } from './site-footer';
import { WhyChoose } from './why-choose';

/**
 * The sections under the hero. The landing page renders them once the browser has taken the
 * page over (client-only, decision 005), so hydration does not pay for them.
 */
export default function BelowTheFold({
  brandName,
  whatsappNumber,
}: {
  brandName: string;
  whatsappNumber: string;
}) {
  // A link such as /#how-it-works arrives before its section exists: scroll once it does.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <>
      <AboutSection brandName={brandName} />
      <HowItWorks />
      <WhyChoose brandName={brandName} />
      <SiteFooter brandName={brandName} whatsappNumber={whatsappNumber} />
    </>
  );
}
