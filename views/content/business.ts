/**
 * The agency's own details. This is the ONE place to change the agency's
 * name, phone numbers, email, address, opening hours and social profiles.
 * Every page, header, footer and panel reads from here.
 */
import type { Business } from './types';

export const business: Business = {
  name: 'Brightpath Digital',
  legalName: 'Brightpath Digital LLC',
  tagline: 'Websites, apps and campaigns that move your business forward.',
  phone: '+1 (555) 010-2030',
  phoneHref: 'tel:+15550102030',
  chatHref: 'https://wa.me/15550102030',
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
  mapImage: 'images/map.svg',
  mapLink: 'https://www.openstreetmap.org/?mlat=37.7906&mlon=-122.3990#map=17/37.7906/-122.3990',
  hours: 'Monday to Friday, 9 AM to 6 PM',
  timeZone: 'America/Los_Angeles',
  replyPromise: 'We reply to every enquiry within 24 hours.',
  eProfileHref: '/about#profile',
  socials: [
    { name: 'Facebook', href: 'https://www.facebook.com/brightpathdigital', icon: 'images/social/facebook.svg' },
    { name: 'Instagram', href: 'https://www.instagram.com/brightpathdigital', icon: 'images/social/instagram.svg' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/brightpathdigital', icon: 'images/social/linkedin.svg' },
    { name: 'X', href: 'https://x.com/brightpathdigital', icon: 'images/social/x.svg' },
    { name: 'YouTube', href: 'https://www.youtube.com/@brightpathdigital', icon: 'images/social/youtube.svg' },
    { name: 'Behance', href: 'https://www.behance.net/brightpathdigital', icon: 'images/social/behance.svg' },
  ],
};
