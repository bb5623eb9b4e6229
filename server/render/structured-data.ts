import type { Crumb } from '../../views/components/Breadcrumb';
import type { SiteContent } from '../../views/content/site-content';

type AbsoluteUrl = (pathOrUrl: string) => string;

/** schema.org Organization for the agency, on every page. */
export function organizationJsonLd(business: SiteContent['business'], absolute: AbsoluteUrl, logoUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: business.name,
    legalName: business.legalName,
    url: absolute('/'),
    logo: absolute(logoUrl),
    email: business.email,
    telephone: business.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.location.street,
      addressLocality: business.location.city,
      addressRegion: business.location.region,
      postalCode: business.location.postalCode,
      addressCountry: business.location.country,
    },
    sameAs: business.socials.map((social) => social.href),
  };
}

/** schema.org BreadcrumbList matching the visible trail. */
export function breadcrumbJsonLd(absolute: AbsoluteUrl, crumbs: Crumb[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absolute(crumb.href),
    })),
  };
}
