import type { ToolkitContent } from '../documents';

export const toolkit: ToolkitContent = {
  heading: 'Free Toolkit',
  lead: 'Practical tools to help you plan, launch and grow online. Coming soon.',
  body: 'We are putting together a collection of free tools and templates drawn from our everyday work with clients. Check back soon, or get in touch and we will let you know as soon as the toolkit is ready.',
  upcoming: [
    'Website Speed Checker',
    'Social Media Content Planner',
    'Brand Colour Palette Generator',
    'SEO Meta Tag Preview',
  ],
  seo: {
    title: 'Free Toolkit',
    description: 'Free tools and templates to plan, launch and grow your business online, from {name}. Coming soon.',
    image: null,
  },
};
