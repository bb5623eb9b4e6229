/** A sample project: its form fields and the colours its generated images are drawn in. */
export interface SampleProject {
  /** As the multipart form sends them (testimonial as JSON text). */
  fields: Record<string, string | string[]> & { title: string; client: string };
  palette: [string, string];
}

/** Realistic sample projects so a new install shows a living portfolio (all the spec's item fields). */
export const SAMPLE_PROJECTS: SampleProject[] = [
  {
    palette: ['#045e63', '#0b8f8a'],
    fields: {
      title: 'Harbourview Realty Listings Platform',
      client: 'Harbourview Realty',
      description: 'A fast property search website with map browsing, saved favourites and instant viewing requests for a coastal estate agency with three branches.',
      displayCategories: ['Web Development', 'Real Estate'],
      completionDate: '14 Feb 2026',
      technologies: 'Next.js, TypeScript, PostgreSQL, Mapbox',
      websiteLink: 'https://harbourview.example.com',
      challenge: 'Listings lived in a dated site that took eight seconds to load on phones, and buyers phoned the office for information the site should have answered.',
      solution: 'We rebuilt the site around search: filters that update instantly, a map view, shortlists without an account and a viewing request form on every listing, fed automatically from the agency\u2019s CRM.',
      results: 'Viewing requests doubled within three months, phone enquiries for basic listing details fell by 40% and the average page loads in under 1.5 seconds on 4G.',
      testimonial: JSON.stringify({ text: 'Our listings finally look as good as the homes we sell, and buyers book viewings themselves.', author: 'Amelia Hart', position: 'Managing Director, Harbourview Realty' }),
    },
  },
  {
    palette: ['#1d4ed8', '#38bdf8'],
    fields: {
      title: 'CareFirst Clinics Patient App',
      client: 'CareFirst Clinics',
      description: 'An iOS and Android app that lets patients book appointments, receive reminders and message their care team securely between visits.',
      displayCategories: ['App Development', 'Medical'],
      completionDate: '30 Nov 2025',
      technologies: 'React Native, Node.js, FHIR, AWS',
      challenge: 'Reception teams spent most of the morning on the phone and missed appointments cost the group thousands every month.',
      solution: 'We designed a calm, accessible booking flow tested with older patients, added reminders by push and SMS, and connected the app to the clinics\u2019 scheduling system.',
      results: 'Missed appointments dropped by 32% and 58% of bookings moved to the app within six months.',
      testimonial: JSON.stringify({ text: 'Patients love how simple it is, and our phones are finally quiet before nine.', author: 'Dr. Ravi Menon', position: 'Clinical Director' }),
    },
  },
  {
    palette: ['#7c2d12', '#f59e0b'],
    fields: {
      title: 'Brewed Awakening Caf\u00e9 Rebrand',
      client: 'Brewed Awakening',
      description: 'A warm new identity, menu system and packaging for a growing chain of neighbourhood coffee shops.',
      displayCategories: ['Graphic Designing', 'Food'],
      completionDate: '8 Sep 2025',
      technologies: 'Illustrator, InDesign, Figma',
      challenge: 'Each new branch had improvised its own signs and cups, and the brand no longer felt like one place.',
      solution: 'We drew a hand-lettered logo, a palette taken from roasted beans and a modular menu board system that staff can update themselves.',
      results: 'Takeaway sales rose 18% after the relaunch and the cups became the chain\u2019s most shared photo on social media.',
      testimonial: JSON.stringify({ text: 'People recognise our cups across the street now.', author: 'Jonah Reyes', position: 'Founder' }),
    },
  },
  {
    palette: ['#0f172a', '#10b981'],
    fields: {
      title: 'Ledgerly Investment Dashboard',
      client: 'Ledgerly',
      description: 'A responsive web dashboard that turns complex portfolio data into clear charts, alerts and monthly summaries for retail investors.',
      displayCategories: ['Web Development', 'Finance'],
      completionDate: '21 Jan 2026',
      technologies: 'React, D3, Python, PostgreSQL',
      websiteLink: 'https://ledgerly.example.com',
      challenge: 'Customers exported spreadsheets to understand their own investments, and support answered the same questions every day.',
      solution: 'We designed plain-language summaries, accessible charts with table alternatives and alerts that explain what changed and why.',
      results: 'Support tickets about balances fell by half and monthly active users grew 27% in the first quarter.',
    },
  },
  {
    palette: ['#9d174d', '#f472b6'],
    fields: {
      title: 'PeakForm Gym New Year Campaign',
      client: 'PeakForm Fitness',
      description: 'A six-week social media campaign with short video ads, member stories and a limited-time joining offer for an independent gym.',
      displayCategories: ['Social Media Marketing', 'Fitness'],
      completionDate: '10 Feb 2026',
      technologies: 'Meta Ads, TikTok Ads, Google Analytics',
      challenge: 'January sign-ups had been flat for two years while big chains outspent the gym on advertising.',
      solution: 'We filmed real members, built a content calendar around their progress and targeted ads to people living within fifteen minutes of the gym.',
      results: '412 new members in six weeks, 31% above target, at a cost per sign-up 40% lower than the previous year.',
      testimonial: JSON.stringify({ text: 'Best January we have ever had, and the new members actually stayed.', author: 'Chloe Adams', position: 'Owner, PeakForm' }),
    },
  },
  {
    palette: ['#111827', '#ef4444'],
    fields: {
      title: 'Northwind Motors Launch Creatives',
      client: 'Northwind Motors',
      description: 'Teaser posts, stories and animated covers for the launch of a new electric hatchback across four dealerships.',
      displayCategories: ['Social Media Design', 'Automotive'],
      completionDate: '3 Oct 2025',
      technologies: 'After Effects, Photoshop, Figma',
      challenge: 'The manufacturer\u2019s assets were generic and did not mention the dealers, their offers or their test drive days.',
      solution: 'We designed a flexible template system that kept the manufacturer\u2019s look while giving each dealership its own offers and dates.',
      results: 'More than 600 test drive requests before the car arrived in showrooms.',
    },
  },
  {
    palette: ['#3b0764', '#d4af37'],
    fields: {
      title: 'Lumi\u00e8re Jewellery Online Boutique',
      client: 'Lumi\u00e8re Jewellery',
      description: 'An elegant online store with 3D product views, ring size guidance and appointment booking for a family jeweller.',
      displayCategories: ['Web Development', 'E-commerce', 'Jewellery'],
      completionDate: '12 Dec 2025',
      technologies: 'Shopify, Three.js, Klaviyo',
      websiteLink: 'https://lumiere.example.com',
      challenge: 'Customers hesitated to buy expensive pieces online without seeing them from every angle.',
      solution: 'We photographed and modelled the best sellers in 3D, added a ring sizer and offered video consultations from every product page.',
      results: 'Online revenue tripled year on year and returns fell to under 4%.',
      testimonial: JSON.stringify({ text: 'Customers tell us the website feels like walking into our shop.', author: '\u00c9lise Laurent', position: 'Creative Director' }),
    },
  },
  {
    palette: ['#065f46', '#84cc16'],
    fields: {
      title: 'BrightLearn Course Platform',
      client: 'BrightLearn Academy',
      description: 'A learning app with video lessons, quizzes, progress tracking and certificates for a professional training provider.',
      displayCategories: ['App Development', 'Education'],
      completionDate: '5 Aug 2025',
      technologies: 'Flutter, Firebase, Stripe',
      challenge: 'Courses were sold as PDFs by e-mail, with no way to follow learners\u2019 progress or offer certificates.',
      solution: 'We built a mobile-first platform with offline lessons, short quizzes after each module and automatic certificates.',
      results: 'Course completion rose from 22% to 64% and the academy now sells to learners in 19 countries.',
    },
  },
];

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Splits a title into at most three lines of about `width` characters. */
function lines(text: string, width: number): string[] {
  const result: string[] = [];
  for (const word of text.split(' ')) {
    const last = result[result.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= width) result[result.length - 1] = `${last} ${word}`;
    else result.push(word);
  }
  return result.slice(0, 3);
}

/**
 * A project picture, drawn as SVG: a gradient in the project's colours, a few shapes suggesting
 * screens or artwork, and the title. Made locally, so seeding needs no network; the image
 * encoder's child process draws it and encodes it as it does uploads (`drawn` jobs), so the site's
 * own process never runs sharp.
 */
export function sampleDrawing(project: SampleProject, variant: number, width: number, height: number): Buffer {
  const [from, to] = project.palette;
  const title = lines(project.fields.title, 22);
  const label = variant === 0 ? project.fields.client : ['Design details', 'On every screen', 'Launch results'][variant - 1] ?? '';
  const titleSize = Math.round(width / 16);
  const shapes =
    variant % 2 === 0
      ? `<rect x="${width * 0.58}" y="${height * 0.52}" width="${width * 0.34}" height="${height * 0.4}" rx="24" fill="#fff" opacity="0.16"/>
         <rect x="${width * 0.62}" y="${height * 0.58}" width="${width * 0.26}" height="${height * 0.08}" rx="10" fill="#fff" opacity="0.35"/>
         <rect x="${width * 0.62}" y="${height * 0.7}" width="${width * 0.2}" height="${height * 0.05}" rx="8" fill="#fff" opacity="0.25"/>`
      : `<circle cx="${width * 0.8}" cy="${height * 0.72}" r="${height * 0.2}" fill="#fff" opacity="0.14"/>
         <circle cx="${width * 0.6}" cy="${height * 0.84}" r="${height * 0.1}" fill="#fff" opacity="0.2"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ${shapes}
    <text x="${width * 0.07}" y="${height * 0.2}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(titleSize * 0.45)}" fill="#fff" opacity="0.85">${escapeXml(label)}</text>
    ${title.map((line, index) => `<text x="${width * 0.07}" y="${height * 0.2 + titleSize * (1.3 + index * 1.15)}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${titleSize}" fill="#fff">${escapeXml(line)}</text>`).join('\n')}
  </svg>`;
  return Buffer.from(svg);
}
