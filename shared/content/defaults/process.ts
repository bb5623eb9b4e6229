import type { ProcessContent } from '../documents';

export const processSteps: ProcessContent['steps'] = [
  {
    title: 'Discovery',
    icon: 'images/process/1.svg',
    details: [
      'We learn about your business, customers and goals.',
      'We review your current channels, competitors and data.',
      'Together we agree what success looks like.',
    ],
  },
  {
    title: 'Strategy',
    icon: 'images/process/2.svg',
    details: [
      'We turn insights into a clear plan, scope and timeline.',
      'You receive a fixed proposal with no hidden costs.',
    ],
  },
  {
    title: 'Design',
    icon: 'images/process/3.svg',
    details: [
      'Wireframes and visual concepts bring the plan to life.',
      'You review, give feedback and approve every key screen.',
      'Designs are tested for usability and accessibility.',
    ],
  },
  {
    title: 'Development',
    icon: 'images/process/4.svg',
    details: [
      'Our developers build with clean, maintainable code.',
      'Regular demos keep you involved and informed.',
    ],
  },
  {
    title: 'Testing & Launch',
    icon: 'images/process/5.svg',
    details: [
      'Thorough testing across devices, browsers and real scenarios.',
      'A carefully planned launch with no disruption to your business.',
      'Analytics and tracking are in place from the first day.',
    ],
  },
  {
    title: 'Growth & Support',
    icon: 'images/process/6.svg',
    details: [
      'We monitor performance and fix issues quickly.',
      'Ongoing improvements based on real data help you keep growing.',
    ],
  },
];
