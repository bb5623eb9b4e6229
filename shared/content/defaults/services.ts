import type { StartingService } from '../site-types';

export const services: StartingService[] = [
  {
    slug: 'web-development',
    title: 'Web Development',
    navLabel: 'Web Development',
    summary: 'Fast, secure and responsive websites built to turn visitors into customers.',
    icon: 'images/icons/web-development.svg',
    metaDescription:
      'Custom websites and web applications that load fast, rank well and convert. Brightpath Digital builds responsive, secure and easy-to-manage sites.',
    intro:
      'Your website is often the first conversation a customer has with your business. We design and build fast, accessible websites and web applications that explain what you do clearly and make it easy to take the next step. Every build is responsive, secure and simple for your team to update.',
    sections: [
      {
        heading: 'Built around your goals',
        body: 'We start by understanding who your visitors are and what you need them to do. Page structure, content and calls to action are planned around those journeys before a single line of code is written. The result is a site that works as hard as your sales team.',
      },
      {
        heading: 'Modern, maintainable technology',
        body: 'We choose the right stack for the job, from content-managed marketing sites to custom web applications with secure back ends. Clean, documented code means your site is easy to extend as your business grows. Hosting, backups and monitoring are set up from day one.',
      },
      {
        heading: 'Performance you can measure',
        body: 'Page speed, search visibility and accessibility are tested throughout the build, not bolted on at the end. We configure analytics and conversion tracking so you can see exactly how the site performs. After launch, we keep improving it based on real data.',
      },
    ],
    deliverables: [
      'Responsive website design and build',
      'Content management system set-up and training',
      'Custom web applications and customer portals',
      'Speed, security and accessibility optimisation',
      'Analytics and conversion tracking',
      'Ongoing maintenance and support plans',
    ],
    portfolioCategory: 'web-development',
  },
  {
    slug: 'graphic-designing',
    title: 'Graphic Designing',
    navLabel: 'Graphic Designing',
    summary: 'Logos, brand identities and print materials that make your business instantly recognisable.',
    icon: 'images/icons/graphic-designing.svg',
    metaDescription:
      'Logo design, brand identity, brochures and print. Brightpath Digital creates consistent, memorable visuals that help your business stand out.',
    intro:
      'Strong design builds trust before anyone reads a word. Our designers create brand identities and marketing materials that look professional, feel consistent and reflect the personality of your business across every touchpoint.',
    sections: [
      {
        heading: 'Brand identity that lasts',
        body: 'We develop logos, colour palettes, typography and visual rules that work everywhere, from a business card to a billboard. Each identity comes with clear guidelines so your team and partners can apply it with confidence.',
      },
      {
        heading: 'Marketing and print collateral',
        body: 'Brochures, flyers, signage, packaging and presentations are designed to communicate quickly and persuade. We prepare print-ready files to the exact specification of your printer, so there are no surprises on delivery.',
      },
      {
        heading: 'A collaborative process',
        body: 'You see concepts early and give feedback at every stage. We explain the thinking behind each design decision so that the final result is something you fully understand and are proud to use.',
      },
    ],
    deliverables: [
      'Logo and brand identity design',
      'Brand guidelines and style guides',
      'Brochures, flyers and print collateral',
      'Packaging and label design',
      'Presentation and pitch deck design',
      'Illustrations and infographics',
    ],
    portfolioCategory: 'graphic-designing',
  },
  {
    slug: 'social-media-design',
    title: 'Social Media Design',
    navLabel: 'Social Media Design',
    summary: 'Scroll-stopping posts, stories and ad creatives designed for every platform.',
    icon: 'images/icons/social-media-design.svg',
    metaDescription:
      'On-brand social media posts, stories, carousels and ad creatives. Brightpath Digital designs visuals that stop the scroll and drive engagement.',
    intro:
      'On social media you have a fraction of a second to earn attention. We design posts, stories, carousels and ad creatives that are instantly recognisable as yours and built to perform on each platform.',
    sections: [
      {
        heading: 'Designed for each platform',
        body: 'Every network has its own formats, proportions and audience habits. We adapt your visuals for Instagram, Facebook, LinkedIn, X and YouTube so each post looks native and reads clearly on a phone screen.',
      },
      {
        heading: 'Consistent, on-brand templates',
        body: 'We build a library of reusable templates that keep your feed consistent while saving your team time. Fonts, colours and layouts follow your brand guidelines so every post strengthens recognition.',
      },
      {
        heading: 'Creative that converts',
        body: 'Ad creatives are designed with a clear message and call to action. We produce variations for testing so you can see which visuals deliver the best results and invest accordingly.',
      },
    ],
    deliverables: [
      'Social media post and carousel designs',
      'Story and reel cover graphics',
      'Paid social ad creatives with test variations',
      'Profile and cover artwork for every platform',
      'Editable brand templates for your team',
    ],
    portfolioCategory: 'social-media-design',
  },
  {
    slug: 'social-media-marketing',
    title: 'Social Media Marketing',
    navLabel: 'Social Media Marketing',
    summary: 'Strategy, content and paid campaigns that grow your audience and generate leads.',
    icon: 'images/icons/social-media-marketing.svg',
    metaDescription:
      'Social media strategy, content calendars, community management and paid campaigns. Brightpath Digital grows audiences and turns followers into customers.',
    intro:
      'Posting regularly is not the same as having a social media strategy. We plan, publish and optimise campaigns that build a loyal audience and deliver measurable business results, from brand awareness to qualified leads.',
    sections: [
      {
        heading: 'Strategy first',
        body: 'We research your audience, competitors and goals to decide which platforms matter and what to say on them. You receive a clear plan with content pillars, posting frequency and the metrics we will use to measure success.',
      },
      {
        heading: 'Content and community',
        body: 'Our team produces and schedules content to a monthly calendar you approve in advance. We respond to comments and messages promptly, so your community feels heard and your reputation stays strong.',
      },
      {
        heading: 'Paid campaigns and reporting',
        body: 'Targeted paid campaigns put your message in front of the right people at the right cost. Monthly reports show reach, engagement, leads and spend in plain language, together with our recommendations for the next month.',
      },
    ],
    deliverables: [
      'Social media strategy and audit',
      'Monthly content calendars',
      'Publishing and community management',
      'Paid social campaign management',
      'Influencer and partnership outreach',
      'Monthly performance reports',
    ],
    portfolioCategory: 'social-media-marketing',
  },
  {
    slug: 'ui-ux-design',
    title: 'UI/UX Design',
    navLabel: 'UI/UX Design',
    summary: 'Intuitive interfaces and user journeys grounded in research and real user testing.',
    icon: 'images/icons/ui-ux-design.svg',
    metaDescription:
      'User research, wireframes, prototypes and interface design for websites and apps. Brightpath Digital designs products that people enjoy using.',
    intro:
      'Great products feel effortless because someone has done the hard thinking for the user. Our UI/UX designers research how your customers think and behave, then design interfaces that are clear, accessible and a pleasure to use.',
    sections: [
      {
        heading: 'Research and discovery',
        body: 'We interview users, review analytics and map existing journeys to find where people get stuck. These insights shape every design decision and keep the project focused on what matters most.',
      },
      {
        heading: 'Wireframes and prototypes',
        body: 'Ideas are explored quickly as wireframes, then turned into clickable prototypes you can try on any device. Testing with real users before development saves time, money and rework.',
      },
      {
        heading: 'Design systems for scale',
        body: 'We document components, spacing, colour and type in a reusable design system. Developers get precise specifications, and your product stays consistent as new features are added.',
      },
    ],
    deliverables: [
      'User research and journey mapping',
      'Information architecture and wireframes',
      'Interactive prototypes',
      'High-fidelity interface design',
      'Usability testing and recommendations',
      'Design systems and developer hand-off',
    ],
    portfolioCategory: null,
  },
  {
    slug: 'app-development',
    title: 'App Development',
    navLabel: 'App Development',
    summary: 'Native and cross-platform mobile apps for iOS and Android, from idea to app store.',
    icon: 'images/icons/app-development.svg',
    metaDescription:
      'iOS, Android and cross-platform app development. Brightpath Digital designs, builds and launches reliable mobile apps your customers will love.',
    intro:
      'A well-made app keeps your business in your customer\'s pocket. We design, build and launch reliable mobile apps for iOS and Android, and we support them long after they reach the app stores.',
    sections: [
      {
        heading: 'The right approach for your product',
        body: 'We help you choose between native and cross-platform development based on your features, budget and timeline. Either way, you get an app that feels fast and natural on every device.',
      },
      {
        heading: 'Secure, connected back ends',
        body: 'Most apps rely on accounts, payments, notifications and data that must stay in sync. We build and integrate secure APIs and cloud services so your app is dependable at any scale.',
      },
      {
        heading: 'Launch and beyond',
        body: 'We handle testing, app store submission and release management. After launch, we monitor crashes and reviews, ship improvements and keep the app up to date with each new operating system version.',
      },
    ],
    deliverables: [
      'iOS and Android app development',
      'Cross-platform apps with Flutter or React Native',
      'API and back-end development',
      'App store submission and optimisation',
      'Push notifications and in-app analytics',
      'Ongoing updates and support',
    ],
    portfolioCategory: 'app-development',
  },
  {
    slug: 'ai-services',
    title: 'AI Services',
    navLabel: 'AI Services',
    summary: 'Practical AI assistants, automations and integrations that save time and cut costs.',
    icon: 'images/icons/ai-services.svg',
    metaDescription:
      'AI chatbots, workflow automation and custom AI integrations. Brightpath Digital helps businesses put artificial intelligence to practical, measurable use.',
    intro:
      'Artificial intelligence is most valuable when it solves a specific, everyday problem. We help you identify where AI can save time or improve service, then build secure, reliable solutions that fit into the tools your team already uses.',
    sections: [
      {
        heading: 'Find the right opportunities',
        body: 'We review your processes and data to find tasks that AI can speed up or improve. You receive a prioritised roadmap with expected benefits, costs and risks for each idea.',
      },
      {
        heading: 'Assistants and automation',
        body: 'From customer support assistants trained on your own knowledge base to automated document processing, we build solutions that handle repetitive work accurately. People stay in control, with clear hand-offs when a human is needed.',
      },
      {
        heading: 'Responsible and secure',
        body: 'We design with privacy, data protection and transparency in mind. Every solution is tested for accuracy and monitored after launch so it keeps delivering value safely.',
      },
    ],
    deliverables: [
      'AI opportunity assessment and roadmap',
      'Customer support chat assistants',
      'Workflow and document automation',
      'AI features integrated into your website or app',
      'Data preparation and model evaluation',
      'Monitoring, training and support',
    ],
    portfolioCategory: null,
  },
  {
    slug: '3d-animation',
    title: '2D/3D Animation',
    navLabel: '2D/3D Animation',
    summary: 'Explainer videos, product renders and motion graphics that bring ideas to life.',
    icon: 'images/icons/3d-animation.svg',
    metaDescription:
      '2D explainer videos, 3D product animation and motion graphics. Brightpath Digital turns complex ideas into engaging, memorable visual stories.',
    intro:
      'Animation explains in seconds what might take pages of text. We create 2D and 3D animations, from short explainer videos to detailed product visualisations, that capture attention and make your message easy to remember.',
    sections: [
      {
        heading: 'Story comes first',
        body: 'Every animation starts with a script and storyboard that you approve. We focus on one clear message and the action you want viewers to take, so the finished piece is both engaging and effective.',
      },
      {
        heading: '2D and 3D expertise',
        body: 'Our animators work in flat 2D illustration, motion graphics and photorealistic 3D. We can show a product before it is manufactured, walk through a property before it is built or simplify a complex service.',
      },
      {
        heading: 'Ready for every channel',
        body: 'We deliver versions sized and timed for your website, social media, presentations and advertising. Voice-over, music and captions are included so your video works with or without sound.',
      },
    ],
    deliverables: [
      '2D explainer and promotional videos',
      '3D product modelling and animation',
      'Architectural and property walkthroughs',
      'Motion graphics and animated logos',
      'Social media video edits',
      'Voice-over, music and captions',
    ],
    portfolioCategory: null,
  },
  {
    slug: 'seo',
    title: 'SEO',
    navLabel: 'SEO',
    summary: 'Search engine optimisation that brings the right visitors to your site, month after month.',
    icon: 'images/icons/seo.svg',
    metaDescription:
      'Technical SEO, content strategy and local search optimisation. Brightpath Digital improves rankings and brings qualified organic traffic to your website.',
    intro:
      'When customers search for what you offer, you should be easy to find. Our SEO specialists improve your visibility in search results with technical fixes, useful content and a strong local presence, and we report progress in plain language.',
    sections: [
      {
        heading: 'Technical foundations',
        body: 'We audit your site for speed, crawlability, structured data and mobile usability, then fix the issues holding it back. A technically sound site gives every other SEO effort a better chance of success.',
      },
      {
        heading: 'Content that ranks and converts',
        body: 'Keyword research shows what your customers actually search for. We plan and optimise pages and articles that answer those questions well, attracting visitors who are ready to buy.',
      },
      {
        heading: 'Local and ongoing growth',
        body: 'For businesses serving specific areas, we optimise business profiles, reviews and local listings. Monthly reporting tracks rankings, traffic and enquiries so you can see the return on your investment.',
      },
    ],
    deliverables: [
      'Technical SEO audit and fixes',
      'Keyword research and content strategy',
      'On-page optimisation',
      'Local SEO and business profile management',
      'Link building and digital PR',
      'Monthly ranking and traffic reports',
    ],
    portfolioCategory: null,
  },
];
