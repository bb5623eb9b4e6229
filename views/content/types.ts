/** Shared types for the static marketing content. Pure data: no runtime imports. */

/** The spec's five regional sites the region modal offers; `REGION_SITES` may override their addresses. */
export const REGION_CODES = ['us', 'uk', 'eu', 'uae', 'in'] as const;
export type RegionCode = (typeof REGION_CODES)[number];

export type SocialNetwork = 'Facebook' | 'Instagram' | 'LinkedIn' | 'X' | 'YouTube' | 'Behance';

export interface SocialLink {
  name: SocialNetwork;
  href: string;
  icon: string;
}

export interface BusinessLocation {
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  display: string;
}

export interface Business {
  name: string;
  legalName: string;
  tagline: string;
  phone: string;
  phoneHref: string;
  chatHref: string;
  socialHandle: string;
  email: string;
  location: BusinessLocation;
  mapImage: string;
  mapLink: string;
  hours: string;
  /** IANA zone of the office: the back office reads working hours, "today" and digest times in it (until Settings say otherwise). */
  timeZone: string;
  replyPromise: string;
  eProfileHref: string;
  socials: SocialLink[];
}

export interface ServiceSection {
  heading: string;
  body: string;
}

export type ServiceSlug =
  | 'web-development'
  | 'graphic-designing'
  | 'social-media-design'
  | 'social-media-marketing'
  | 'ui-ux-design'
  | 'app-development'
  | 'ai-services'
  | '3d-animation'
  | 'seo';

export type PortfolioCategorySlug =
  | 'web-development'
  | 'graphic-designing'
  | 'social-media-design'
  | 'social-media-marketing'
  | 'app-development';

export interface Service {
  slug: ServiceSlug;
  title: string;
  navLabel: string;
  summary: string;
  icon: string;
  metaDescription: string;
  intro: string;
  sections: ServiceSection[];
  deliverables: string[];
  portfolioCategory: PortfolioCategorySlug | null;
}

export type IndustrySlug =
  | 'real-estate'
  | 'healthcare'
  | 'education'
  | 'finance'
  | 'ecommerce'
  | 'corporate'
  | 'food'
  | 'automotive'
  | 'petroleum'
  | 'fitness'
  | 'it'
  | 'jewellery';

export interface SampleCard {
  title: string;
  description: string;
  image: string;
}

export interface Industry {
  slug: IndustrySlug;
  label: string;
  icon: string;
  summary: string;
  intro: string;
  metaDescription: string;
  sampleCards: SampleCard[];
}

export interface Testimonial {
  logo: string;
  website: string;
  service: string;
  description: string;
  rating: 1 | 2 | 3 | 4 | 5;
  author: string;
  role: string;
}

export interface Stat {
  value: string;
  label: string;
  detail: string;
}

export interface ProcessStep {
  title: string;
  icon: string;
  details: string[];
}

export interface Technology {
  name: string;
  logo: string;
}

export interface Region {
  code: RegionCode;
  label: string;
  name: string;
  flag: string;
  defaultSiteUrl: string;
}

export interface HeadingBlock {
  heading: string;
  body: string;
}

export interface TitledText {
  title: string;
  body: string;
}

export interface WhyChooseUsItem extends TitledText {
  icon: string;
}

export interface AboutContent {
  banner: { heading: string; lead: string };
  whyChooseUs: WhyChooseUsItem[];
  mission: HeadingBlock;
  vision: HeadingBlock;
  values: TitledText[];
  profile: string[];
}

export interface CallToAction {
  label: string;
  href: string;
}

export interface SectionIntro {
  heading: string;
  lead: string;
}

export interface HomeContent {
  banner: {
    eyebrow: string;
    heading: string;
    lead: string;
    primaryCta: CallToAction;
    secondaryCta: CallToAction;
    image: string;
  };
  services: SectionIntro;
  industries: SectionIntro;
  stats: SectionIntro;
  testimonials: SectionIntro;
  technologies: SectionIntro;
  process: SectionIntro;
  replyPromise: HeadingBlock;
}

export interface ToolkitContent {
  heading: string;
  lead: string;
  body: string;
  upcoming: string[];
}

export interface ContactContent {
  heading: string;
  lead: string;
  formHeading: string;
  formLead: string;
}
