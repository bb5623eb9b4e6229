import type { Crumb } from '../../views/components/Breadcrumb';
import { openRuns, WEEKDAY_NAMES } from '../../shared/content/opening-hours';
import type { SiteContent } from '../../shared/content/site-content';

type AbsoluteUrl = (pathOrUrl: string) => string;

/**
 * schema.org data for the agency, on every page: a ProfessionalService (an Organization with an
 * office, so it may say its opening hours), one `OpeningHoursSpecification` per run of days with
 * the same hours, as the wall clock shows them in the agency's zone.
 */
export function organizationJsonLd(business: SiteContent['business'], absolute: AbsoluteUrl, logoUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: business.name,
    legalName: business.legalName,
    url: absolute('/'),
    logo: absolute(logoUrl),
    email: business.email,
    telephone: business.telephone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.location.street,
      addressLocality: business.location.city,
      addressRegion: business.location.region,
      postalCode: business.location.postalCode,
      addressCountry: business.location.country,
    },
    openingHoursSpecification: openRuns(business.openingHours).map((run) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: run.days.map((day) => `https://schema.org/${WEEKDAY_NAMES[day]}`),
      opens: run.opens,
      closes: run.closes,
    })),
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
