import type { AboutContent } from '../documents';

export const about: AboutContent = {
  banner: {
    heading: 'About Brightpath Digital',
    lead: 'We are a team of designers, developers and marketers who help ambitious businesses grow online with websites, apps and campaigns that deliver real results.',
  },
  whyChooseUs: [
    {
      title: 'Results-focused',
      body: 'Every project starts with clear goals and ends with measurable outcomes, from more enquiries to higher sales.',
      icon: 'images/process/2.svg',
    },
    {
      title: 'One team, every skill',
      body: 'Design, development, content and marketing specialists work together, so you never have to coordinate multiple suppliers.',
      icon: 'images/process/1.svg',
    },
    {
      title: 'Transparent pricing',
      body: 'You receive a clear, fixed proposal before work begins, with no hidden costs or surprise invoices.',
      icon: 'images/process/3.svg',
    },
    {
      title: 'Fast, reliable delivery',
      body: 'Proven processes and regular check-ins keep projects on schedule and keep you informed at every stage.',
      icon: 'images/process/4.svg',
    },
    {
      title: 'Built to last',
      body: 'We use modern, well-supported technology and write clean code that is secure, fast and easy to extend.',
      icon: 'images/process/5.svg',
    },
    {
      title: 'Support after launch',
      body: 'We stay with you after go-live, with maintenance, improvements and advice whenever you need it.',
      icon: 'images/process/6.svg',
    },
  ],
  mission: {
    heading: 'Our Mission',
    body: 'To give every business, whatever its size, access to the digital expertise it needs to compete and grow, delivered with honesty, craft and a genuine focus on results.',
  },
  vision: {
    heading: 'Our Vision',
    body: 'To be the most trusted digital partner for growing businesses around the world, known for work that looks exceptional and performs even better.',
  },
  values: [
    {
      title: 'Clarity',
      body: 'We explain our thinking in plain language and keep communication open and honest.',
    },
    {
      title: 'Craft',
      body: 'We care about the details, because small details add up to great experiences.',
    },
    {
      title: 'Partnership',
      body: 'We treat your goals as our own and build long-term relationships based on trust.',
    },
    {
      title: 'Curiosity',
      body: 'We keep learning, testing new ideas and bringing fresh thinking to every project.',
    },
    {
      title: 'Accountability',
      body: 'We measure what we deliver and take responsibility for the outcomes we promise.',
    },
  ],
  profile: [
    'Brightpath Digital is a full-service digital agency offering web development, app development, AI services, graphic design, social media design and marketing, UI/UX design, 2D/3D animation and search engine optimisation. We work with start-ups, growing companies and established organisations across real estate, healthcare, education, finance, e-commerce, food, automotive, energy, fitness and many other sectors.',
    'Our approach is simple: understand the business problem, design the right solution and measure the results. With more than 500 projects launched for clients in the United States, United Kingdom, European Union, United Arab Emirates and India, we combine international experience with the personal attention of a dedicated team. Every enquiry receives a reply {replyPromise}.',
  ],
  seo: {
    title: 'About Us',
    description: 'Meet {name}: designers, developers and marketers helping ambitious businesses grow online. Our mission, vision and values.',
    image: null,
  },
};
