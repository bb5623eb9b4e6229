/**
 * The agency's own details as a new site starts with them (the "Agency details" document staff
 * edit in the admin's Website section). The reply promise is not here: it is Settings, and the
 * texts say `{replyPromise}` where they show it (and `{hours}` for the opening hours below).
 */
import type { BusinessContent } from '../documents';
import { DEFAULT_OPENING_HOURS } from '../opening-hours';

/** The agency's zone until an owner sets one in Settings. */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

export const business: BusinessContent = {
  name: 'Brightpath Digital',
  legalName: 'Brightpath Digital LLC',
  tagline: 'Websites, apps and campaigns that move your business forward.',
  phone: '+1 (555) 010-2030',
  socialHandle: '@brightpathdigital',
  email: 'hello@brightpath.example',
  location: {
    street: '410 Market Street, Suite 1200',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94111',
    country: 'United States',
    display: '410 Market Street, Suite 1200, San Francisco, CA 94111, United States',
  },
  openingHours: DEFAULT_OPENING_HOURS,
  mapImage: { src: 'images/map.svg', alt: 'Map showing our office at 410 Market Street, Suite 1200, San Francisco, CA 94111, United States', decorative: false },
  mapLink: 'https://www.openstreetmap.org/?mlat=37.7906&mlon=-122.3990#map=17/37.7906/-122.3990',
  replyPromise: 'We reply to every enquiry {replyPromise}.',
  eProfileHref: '/about#profile',
  socials: [
    { name: 'Facebook', href: 'https://www.facebook.com/brightpathdigital', icon: 'images/social/facebook.svg' },
    { name: 'Instagram', href: 'https://www.instagram.com/brightpathdigital', icon: 'images/social/instagram.svg' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/brightpathdigital', icon: 'images/social/linkedin.svg' },
    { name: 'X', href: 'https://x.com/brightpathdigital', icon: 'images/social/x.svg' },
    { name: 'YouTube', href: 'https://www.youtube.com/@brightpathdigital', icon: 'images/social/youtube.svg' },
    { name: 'Behance', href: 'https://www.behance.net/brightpathdigital', icon: 'images/social/behance.svg' },
  ],
  sharingImage: null,
};
