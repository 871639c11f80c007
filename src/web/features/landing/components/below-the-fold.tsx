import { useEffect } from 'react';
import { AboutSection } from './about-section';
import { HowItWorks } from './how-it-works';
import { SiteFooter } from './site-footer';
import { WhyChoose } from './why-choose';

/**
 * The sections under the hero, in their own chunk: it loads at once, in parallel with the
 * first render, and keeps the landing page's first-load JavaScript within its budget.
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
