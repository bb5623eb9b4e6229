import type { HomeContent } from '../documents';

export const home: HomeContent = {
  banner: {
    eyebrow: 'Digital agency for growing businesses',
    heading: 'Websites, apps and marketing that help your business grow',
    lead: 'Brightpath Digital designs, builds and promotes digital experiences that attract the right customers and turn them into loyal clients.',
    primaryCta: { label: 'Get a Free Quote', href: '/quote' },
    secondaryCta: { label: 'View Our Work', href: '/portfolio' },
    image: { src: 'images/hero.svg', alt: '', decorative: true },
  },
  services: {
    heading: 'Our Services',
    lead: 'Everything you need to build, launch and grow your business online, delivered by one experienced team.',
  },
  industries: {
    heading: 'Core Industries',
    lead: 'We understand the customers, regulations and competition in the sectors we serve.',
  },
  stats: {
    heading: 'Results That Speak for Themselves',
    lead: 'Numbers that reflect the trust our clients place in us and the outcomes we deliver together.',
  },
  testimonials: {
    heading: 'What Our Clients Say',
    lead: 'Real feedback from businesses we have helped to grow.',
  },
  technologies: {
    heading: 'Technologies We Use',
    lead: 'Proven, modern tools chosen to make your product fast, secure and easy to maintain.',
  },
  process: {
    heading: 'How We Work',
    lead: 'A clear, collaborative process that keeps your project on time, on budget and focused on results.',
  },
  replyPromise: {
    heading: 'A reply {replyPromise}',
    body: 'Tell us about your project and a specialist will get back to you within one working day with next steps and honest advice, with no obligation.',
  },
  seo: {
    title: '{name}',
    description: '{name} designs, builds and markets websites, apps, brands and campaigns that win clients. A reply to every enquiry {replyPromise}.',
    image: null,
  },
};
