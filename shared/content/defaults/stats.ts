import type { StatsContent } from '../documents';

export const stats: StatsContent['items'] = [
  {
    value: '98+',
    label: 'Five-star client reviews',
    detail: 'Businesses that rated our work, communication and results at the highest level.',
  },
  {
    value: '80K+',
    label: 'Hours of design and code delivered',
    detail: 'Time invested by our designers, developers and marketers in client projects.',
  },
  {
    value: '500+',
    label: 'Projects launched',
    detail: 'Websites, apps, brands and campaigns taken from first idea to successful launch.',
  },
  {
    value: '25%',
    label: 'Average uplift in client conversions',
    detail: 'The typical improvement clients see in enquiries or sales after working with us.',
  },
];
