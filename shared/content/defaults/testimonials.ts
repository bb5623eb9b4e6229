import type { TestimonialsContent } from '../documents';

export const testimonials: TestimonialsContent['items'] = [
  {
    logo: { src: 'images/clients/harbor-pine-realty.svg', alt: '', decorative: true },
    website: 'Harbor & Pine Realty',
    service: 'Web Development',
    description:
      'Our new listings website is faster, easier to search and looks fantastic on mobile. Viewing requests went up within the first month, and the team was a pleasure to work with throughout.',
    rating: 5,
    author: 'Megan Alvarez',
    role: 'Managing Director',
  },
  {
    logo: { src: 'images/clients/northwell-clinics.svg', alt: '', decorative: true },
    website: 'Northwell Family Clinics',
    service: 'App Development',
    description:
      'The patient app has transformed how we handle appointments and reminders. Missed appointments have dropped noticeably, and patients regularly tell us how easy it is to use.',
    rating: 5,
    author: 'Dr. Samuel Okafor',
    role: 'Clinical Operations Lead',
  },
  {
    logo: { src: 'images/clients/copper-kettle-bakery.svg', alt: '', decorative: true },
    website: 'Copper Kettle Bakery',
    service: 'Social Media Marketing',
    description:
      'They took our social channels from occasional posts to a real community. Our seasonal launches now sell out, and we finally understand what is working thanks to their clear monthly reports.',
    rating: 5,
    author: 'Hannah Whitfield',
    role: 'Owner',
  },
  {
    logo: { src: 'images/clients/ledgerline-finance.svg', alt: '', decorative: true },
    website: 'Ledgerline Finance',
    service: 'UI/UX Design',
    description:
      'The redesigned onboarding flow is simpler and more reassuring for customers. Completion rates improved significantly, and the design system has made every release since then faster.',
    rating: 5,
    author: 'Priya Raman',
    role: 'Head of Product',
  },
  {
    logo: { src: 'images/clients/summit-motors.svg', alt: '', decorative: true },
    website: 'Summit Motors',
    service: '2D/3D Animation',
    description:
      'The 3D configurator and launch animations gave our new model real excitement before it arrived. Customers spent far longer on our site and came to the showroom ready to order.',
    rating: 4,
    author: 'Daniel Brooks',
    role: 'Marketing Manager',
  },
  {
    logo: { src: 'images/clients/evergreen-academy.svg', alt: '', decorative: true },
    website: 'Evergreen Academy',
    service: 'SEO',
    description:
      'Within six months we were ranking on the first page for the searches that matter to prospective parents. Open day registrations are the highest they have ever been.',
    rating: 5,
    author: 'Claire Donovan',
    role: 'Admissions Director',
  },
  {
    logo: { src: 'images/clients/pulse-fitness-studio.svg', alt: '', decorative: true },
    website: 'Pulse Fitness Studio',
    service: 'Graphic Designing',
    description:
      'Our new brand captures exactly the energy we wanted. From signage to social templates, everything finally feels consistent, and members have noticed the difference.',
    rating: 5,
    author: 'Marcus Lee',
    role: 'Founder',
  },
  {
    logo: { src: 'images/clients/aurora-goods.svg', alt: '', decorative: true },
    website: 'Aurora Goods Co.',
    service: 'Social Media Design',
    description:
      'The ad creatives were striking and on brand, and the test variations showed us quickly what our audience responds to. Our cost per sale dropped during the holiday campaign.',
    rating: 4,
    author: 'Sofia Marchetti',
    role: 'E-commerce Manager',
  },
];
