// The landing page's sections around the picker (spec §2 landing points 2 and 8). The parts
// live in features/landing/; the globe's code loads lazily from there.
import { useEffect, useRef } from 'react';
import { GLOBE_SCROLL_DELAY_MS } from '../../features/globe/index.ts';
import { CtaSection } from '../../features/landing/cta-section.tsx';
import { DevicesSection } from '../../features/landing/devices-section.tsx';
import { GlobeSection } from '../../features/landing/globe-section.tsx';
import { HowItWorksSection } from '../../features/landing/how-it-works-section.tsx';
import { LandingFaqSection } from '../../features/landing/landing-faq-section.tsx';
import { TestimonialsSection } from '../../features/landing/testimonials-section.tsx';
import type { Region } from '../../features/catalog/types.ts';
import { scrollToId } from '../../lib/scroll.ts';
import { PLANS_SECTION_ID } from './destinations.tsx';

export interface GlobeSlotProps {
  /** The picker's selected region code (?region=); the globe turns to it. */
  selectedCode?: string | undefined;
  /** Select a region in the picker (the same handler the list uses). */
  onSelectRegion?: (region: Region) => void;
}

/**
 * Spec §2 landing point 2: the globe with its pause/play button and chat bubbles, and the
 * 'Worldwide eSIM Coverage' section. A globe pick selects the region, then scrolls to its
 * plans after GLOBE_SCROLL_DELAY_MS (1.5 s, while the globe turns).
 */
export function GlobeSlot({ selectedCode, onSelectRegion }: GlobeSlotProps) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const select = (region: Region) => {
    onSelectRegion?.(region);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => scrollToId(PLANS_SECTION_ID), GLOBE_SCROLL_DELAY_MS);
  };
  return <GlobeSection selectedCode={selectedCode} onSelectRegion={select} />;
}

/**
 * Spec §2 landing point 8. /how-it-works lands on #how-it-works (HowItWorksSection keeps it):
 * the 3 steps, 'Compatible Devices', 'What Our Customers Say', the FAQ accordion with
 * 'View all FAQs', and the call to action.
 */
export function HowItWorksSlot() {
  return (
    <>
      <HowItWorksSection />
      <DevicesSection />
      <TestimonialsSection />
      <LandingFaqSection />
      <CtaSection />
    </>
  );
}
