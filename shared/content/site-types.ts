/** Types of the site's content as views read it. Pure types and constants: no runtime imports. */
import type { PageContent } from './page-sections';
import type {
  IndustryContent,
  IndustrySlug,
  ProcessContent,
  ServiceContent,
  ServiceSlug,
  StatsContent,
  TechnologiesContent,
  TestimonialsContent,
} from './documents';

export type { IndustrySlug, PortfolioCategorySlug, ServiceSlug } from './documents';

/** The spec's five regional sites the region modal offers; `REGION_SITES` may override their addresses. */
export const REGION_CODES = ['us', 'uk', 'eu', 'uae', 'in'] as const;
export type RegionCode = (typeof REGION_CODES)[number];

export interface Region {
  code: RegionCode;
  label: string;
  name: string;
  flag: string;
  defaultSiteUrl: string;
}

/** A service page's content with the slug of its address (one of those that ship, or one staff added). */
export type Service = ServiceContent & { slug: string };
/** An industry page's content with the slug of its address. */
export type Industry = IndustryContent & { slug: string };
/** A page staff made with the slug of its address (`/{slug}`). */
export type SitePage = PageContent & { slug: string };
export type Testimonial = TestimonialsContent['items'][number];
export type Stat = StatsContent['items'][number];
export type ProcessStep = ProcessContent['steps'][number];
export type Technology = TechnologiesContent['items'][number];

/** How the starting content files write a service: with its slug, its description not yet under `seo`. */
export type StartingService = Omit<ServiceContent, 'seo' | 'listing'> & { slug: ServiceSlug; metaDescription: string };

export interface SampleCard {
  title: string;
  description: string;
  image: string;
}

/** How the starting content files write an industry (sample images by file). */
export type StartingIndustry = Omit<IndustryContent, 'seo' | 'sampleCards' | 'listing'> & { slug: IndustrySlug; metaDescription: string; sampleCards: SampleCard[] };
