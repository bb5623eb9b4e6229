import type { SampleCard, StartingIndustry } from '../site-types';

function cards(slug: string, items: [title: string, description: string][]): SampleCard[] {
  return items.map(([title, description], index) => ({
    title,
    description,
    image: `images/samples/${slug}-${index + 1}.svg`,
  }));
}

export const industries: StartingIndustry[] = [
  {
    slug: 'real-estate',
    label: 'Real Estate',
    icon: 'images/industries/real-estate.svg',
    summary: 'Property websites, listings platforms and campaigns that help agents and developers sell faster.',
    intro:
      'Buyers and tenants start their search online, and first impressions decide which properties they visit. We build listing websites, virtual tours and marketing campaigns that showcase properties beautifully and generate qualified viewings.',
    metaDescription:
      'Real estate websites, property listing platforms, 3D walkthroughs and marketing for agents and developers. See how Brightpath Digital helps property sell.',
    sampleCards: cards('real-estate', [
      [
        'Luxury Property Listings Portal',
        'A fast, searchable listings website with map search, saved favourites and enquiry forms that helped a boutique agency double the number of booked viewings.',
      ],
      [
        'Off-Plan Development Launch',
        'Brand identity, landing page and 3D walkthrough for a new residential development, giving buyers a clear picture of homes before construction was complete.',
      ],
      [
        'Agent Lead Generation Campaign',
        'Targeted social media and search campaigns for a regional estate agency, delivering a steady flow of seller valuation requests at a lower cost per lead.',
      ],
      [
        'Rental Management App',
        'A tenant and landlord app for reporting repairs, paying rent and sharing documents, reducing phone calls to the management office and speeding up maintenance.',
      ],
    ]),
  },
  {
    slug: 'healthcare',
    label: 'Medical',
    icon: 'images/industries/healthcare.svg',
    summary: 'Patient-friendly websites, booking tools and apps for clinics, hospitals and health brands.',
    intro:
      'Patients want clear information, easy booking and reassurance that they are in good hands. We create accessible, secure digital experiences for clinics, hospitals and health brands that build trust and reduce administrative workload.',
    metaDescription:
      'Medical websites, appointment booking, patient apps and healthcare marketing. Brightpath Digital builds accessible, secure digital experiences for care.',
    sampleCards: cards('healthcare', [
      [
        'Multi-Clinic Booking Website',
        'An accessible website for a group of family clinics with online appointment booking, doctor profiles and location pages, cutting phone bookings by nearly half.',
      ],
      [
        'Patient Companion App',
        'A secure mobile app that reminds patients about medication and appointments, shares test results and lets them message their care team between visits.',
      ],
      [
        'Dental Practice Rebrand',
        'A fresh, friendly brand identity and signage system for a growing dental practice, designed to feel calm and welcoming to nervous patients and young families.',
      ],
      [
        'Health Awareness Campaign',
        'A social media campaign with animated explainers encouraging regular health screenings, reaching thousands of local residents and increasing screening bookings at partner clinics.',
      ],
    ]),
  },
  {
    slug: 'education',
    label: 'Education',
    icon: 'images/industries/education.svg',
    summary: 'Engaging websites, learning platforms and enrolment campaigns for schools and training providers.',
    intro:
      'Students, parents and professionals compare many options before they enrol. We help schools, universities and training providers tell their story clearly, simplify admissions and deliver learning online.',
    metaDescription:
      'Education websites, e-learning platforms and student recruitment. Brightpath Digital helps schools and training providers attract and teach learners.',
    sampleCards: cards('education', [
      [
        'School Website Redesign',
        'A modern, accessible website for an independent school with clear admissions information, news, events and a parent portal that keeps families informed every week.',
      ],
      [
        'Online Course Platform',
        'A learning platform with video lessons, quizzes, progress tracking and certificates, allowing a professional training provider to sell courses to learners worldwide.',
      ],
      [
        'Student Recruitment Campaign',
        'Search and social media advertising for a college open day, with landing pages and follow-up emails that filled every available place within three weeks.',
      ],
      [
        'Animated Course Explainers',
        'A series of short 2D animations that explain difficult science topics in simple steps, used in classrooms and shared on the institution\u2019s video channel.',
      ],
    ]),
  },
  {
    slug: 'finance',
    label: 'Finance',
    icon: 'images/industries/finance.svg',
    summary: 'Secure, trustworthy digital products and marketing for banks, fintechs and advisers.',
    intro:
      'In finance, trust and clarity are everything. We design and build secure websites, dashboards and apps that make complex products easy to understand and help financial businesses win and keep customers.',
    metaDescription:
      'Finance and fintech websites, dashboards, apps and compliant marketing. Brightpath Digital builds secure, clear digital products that earn customer trust.',
    sampleCards: cards('finance', [
      [
        'Fintech Onboarding Journey',
        'A simplified sign-up and identity verification flow for a digital payments start-up, reducing abandoned applications and getting new customers active in minutes.',
      ],
      [
        'Wealth Management Website',
        'A calm, authoritative website for an independent advisory firm with adviser profiles, insights articles and a secure form for booking introductory consultations.',
      ],
      [
        'Investment Dashboard',
        'A responsive web dashboard that turns complex portfolio data into clear charts and summaries, helping clients understand their investments at a glance.',
      ],
      [
        'Insurance Comparison Campaign',
        'Search engine optimisation and paid campaigns for an insurance broker, improving rankings for key policy terms and increasing quote requests month after month.',
      ],
    ]),
  },
  {
    slug: 'ecommerce',
    label: 'E-commerce',
    icon: 'images/industries/ecommerce.svg',
    summary: 'Online stores and marketing that turn browsers into loyal, repeat customers.',
    intro:
      'Selling online means competing on experience as well as price. We build fast, persuasive online stores, connect them to your stock and delivery systems and run the campaigns that keep customers coming back.',
    metaDescription:
      'E-commerce websites, Shopify stores, product photography design and online marketing. Brightpath Digital builds stores that sell more and convert better.',
    sampleCards: cards('ecommerce', [
      [
        'Fashion Store Replatform',
        'A move to a faster, mobile-first online store with improved search, filtering and checkout, producing a clear rise in conversion rate and average order value.',
      ],
      [
        'Subscription Box Launch',
        'Brand identity, packaging and a subscription-ready store for a new snack box company, with automated billing and customer account management from day one.',
      ],
      [
        'Marketplace Mobile App',
        'A shopping app with personalised recommendations, saved baskets and push notifications that made repeat purchases easier for a growing homeware retailer.',
      ],
      [
        'Seasonal Sales Campaign',
        'Social media creatives, email design and paid advertising for a holiday sale, delivering the retailer\u2019s best trading week with a strong return on ad spend.',
      ],
    ]),
  },
  {
    slug: 'corporate',
    label: 'Corporate',
    icon: 'images/industries/corporate.svg',
    summary: 'Professional brands, websites and internal tools for established companies and groups.',
    intro:
      'Corporate audiences include customers, investors, partners and future employees. We help established companies present a consistent, credible brand and build the digital tools that keep large teams working efficiently.',
    metaDescription:
      'Corporate websites, brand refreshes, intranets and investor communications. Brightpath Digital helps established companies look and work their best online.',
    sampleCards: cards('corporate', [
      [
        'Group Corporate Website',
        'A multi-brand corporate website with investor relations, news, careers and sustainability sections, managed by several teams through one easy content system.',
      ],
      [
        'Brand Refresh and Guidelines',
        'An updated visual identity and detailed brand guidelines for a professional services firm, rolled out across offices, documents, presentations and digital channels.',
      ],
      [
        'Employee Intranet',
        'A secure intranet with news, policies, staff directory and request forms that replaced scattered email threads and helped a growing workforce stay connected.',
      ],
      [
        'Annual Report Design',
        'An engaging annual report in print and interactive web formats, with clear infographics that make financial and sustainability results easy to understand.',
      ],
    ]),
  },
  {
    slug: 'food',
    label: 'Food',
    icon: 'images/industries/food.svg',
    summary: 'Mouth-watering brands, ordering websites and social campaigns for restaurants and food brands.',
    intro:
      'Food is bought with the eyes first. We help restaurants, cafés and food producers create irresistible brands, easy ordering experiences and social media content that fills tables and shopping baskets.',
    metaDescription:
      'Restaurant websites, online ordering, food packaging design and social media. Brightpath Digital helps food businesses attract hungry customers.',
    sampleCards: cards('food', [
      [
        'Restaurant Ordering Website',
        'A mobile-friendly website with menus, table reservations and direct online ordering, helping a family restaurant reduce its reliance on third-party delivery apps.',
      ],
      [
        'Artisan Packaging Design',
        'Packaging and labels for a range of small-batch sauces, designed to stand out on crowded supermarket shelves and tell the story of the local producer.',
      ],
      [
        'Café Chain Social Content',
        'A monthly programme of photography-led posts, stories and reels for a café chain, growing its local following and promoting seasonal menu launches.',
      ],
      [
        'Loyalty App for Bakeries',
        'A simple loyalty and pre-ordering app that rewards regular customers, shortens morning queues and gives the bakery owner useful insight into buying habits.',
      ],
    ]),
  },
  {
    slug: 'automotive',
    label: 'Automotive',
    icon: 'images/industries/automotive.svg',
    summary: 'Dealer websites, vehicle showcases and lead campaigns for the automotive sector.',
    intro:
      'Car buyers do most of their research online before they visit a showroom. We build dealer websites, vehicle configurators and campaigns that help automotive businesses generate more test drives and service bookings.',
    metaDescription:
      'Automotive dealer websites, vehicle configurators, 3D product renders and lead generation. Brightpath Digital helps the motor trade sell and service more.',
    sampleCards: cards('automotive', [
      [
        'Dealer Group Website',
        'A stock search website for a multi-site dealer group with finance calculators, part-exchange valuations and test drive booking on every vehicle page.',
      ],
      [
        '3D Vehicle Configurator',
        'An interactive 3D configurator that lets buyers explore colours, wheels and trims from any angle before requesting a personalised quote from their nearest dealer.',
      ],
      [
        'Service Booking App',
        'A mobile app for booking servicing and MOT appointments, receiving reminders and approving extra work, increasing repeat visits to the workshop.',
      ],
      [
        'New Model Launch Campaign',
        'Teaser animations, social media creatives and paid advertising for a new model launch, generating a waiting list of interested buyers before arrival.',
      ],
    ]),
  },
  {
    slug: 'petroleum',
    label: 'Petroleum',
    icon: 'images/industries/petroleum.svg',
    summary: 'Clear, credible digital communications and tools for oil, gas and energy businesses.',
    intro:
      'Energy companies communicate with regulators, partners, investors and the public, often about complex technical topics. We create clear websites, safety-focused tools and visual communications that make that information accessible and credible.',
    metaDescription:
      'Websites, dashboards, animations and brand design for oil, gas and energy companies. Brightpath Digital makes complex energy communication clear.',
    sampleCards: cards('petroleum', [
      [
        'Energy Company Website',
        'A corporate website presenting operations, safety record, sustainability commitments and careers, with a clear structure for investors, partners and local communities.',
      ],
      [
        'Operations Dashboard',
        'A secure web dashboard that brings together field data from multiple sites, giving managers a real-time view of output, maintenance and safety indicators.',
      ],
      [
        'Process Animation Series',
        'Detailed 3D animations explaining extraction and refining processes in simple stages, used in investor presentations, staff training sessions and public information events.',
      ],
      [
        'Fuel Station Rebrand',
        'A refreshed brand and signage system for a network of fuel stations and convenience stores, creating a more modern and welcoming customer experience.',
      ],
    ]),
  },
  {
    slug: 'fitness',
    label: 'Fitness',
    icon: 'images/industries/fitness.svg',
    summary: 'Energetic brands, booking apps and campaigns for gyms, studios and wellness businesses.',
    intro:
      'Fitness customers are motivated by energy, community and results. We help gyms, studios and wellness brands build memorable identities, simple class booking and social media that keeps members engaged.',
    metaDescription:
      'Gym and fitness websites, class booking apps, branding and social media marketing. Brightpath Digital helps wellness businesses grow membership.',
    sampleCards: cards('fitness', [
      [
        'Gym Membership Website',
        'A bold website for an independent gym with class timetables, trainer profiles and online membership sign-up, turning more website visitors into paying members.',
      ],
      [
        'Class Booking App',
        'A mobile app for booking classes, joining waiting lists and tracking attendance, giving a chain of boutique studios a seamless experience for members.',
      ],
      [
        'Wellness Brand Identity',
        'A calm, modern identity for a yoga and wellbeing studio, including logo, colour palette, photography direction and templates for social media posts.',
      ],
      [
        'New Year Membership Drive',
        'A social media and search campaign with short video ads and a limited-time offer, helping a gym exceed its January membership target.',
      ],
    ]),
  },
  {
    slug: 'it',
    label: 'Information Technology',
    icon: 'images/industries/it.svg',
    summary: 'Product websites, SaaS interfaces and growth marketing for technology companies.',
    intro:
      'Technology buyers expect clarity, speed and proof. We help software and IT services companies explain their products simply, design interfaces customers love and build marketing that generates qualified demand.',
    metaDescription:
      'SaaS websites, product UI/UX design, developer documentation and B2B marketing. Brightpath Digital helps technology companies grow.',
    sampleCards: [],
  },
  {
    slug: 'jewellery',
    label: 'Jewellery',
    icon: 'images/industries/jewellery.svg',
    summary: 'Elegant online stores, product visuals and campaigns for jewellery brands and boutiques.',
    intro:
      'Jewellery is personal, emotional and detailed. We create refined brands, beautiful online stores and high-quality product visuals that let customers appreciate every detail before they buy.',
    metaDescription:
      'Jewellery e-commerce, 3D product renders, luxury branding and social media for jewellers. Brightpath Digital showcases every detail beautifully.',
    sampleCards: [],
  },
];
