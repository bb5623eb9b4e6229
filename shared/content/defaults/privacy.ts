import type { PrivacyContent } from '../documents';

export const privacy: PrivacyContent = {
  banner: { heading: 'Privacy', lead: 'No cookies, no trackers, no third parties: what we count and keep, in plain words.' },
  sections: [
    {
      heading: 'When you visit',
      body: `This site sets no cookies for visitors and stores nothing in your browser. No analytics company, advertising network or other third party sees your visit: every page, font and image comes from our own server.

We count page views ourselves. For each view we keep:

- the page you viewed and the day;
- the website that linked you here (its name only, such as google.com), if your browser says;
- the campaign tags in the link you followed (utm_source, utm_medium, utm_campaign), if any.

To count how many different people visit in a day without following anyone, your network address and browser name are combined with a random value that changes every day and scrambled into a code that cannot be turned back; a second code, made the same way from your network address alone, limits how much one network can add to a day's counts. Your address and browser name are never written down. The day's codes and random value are deleted when the day ends, so nobody, including us, can recognise a visitor from one day to the next. What remains are daily totals per page. Search engine robots, link previews and pages your browser loads in advance are not counted.`,
    },
    {
      heading: 'When you send a form',
      body: `The contact, enquiry, quote and free offer forms send us what you type in them, with the page you sent it from and how you arrived that day (the website and campaign tags above). We use it only to answer you and to learn which pages bring enquiries. Our staff receive each message by e-mail.

We keep a message while we are in touch with you about it and delete it when it is no longer needed. Submissions our spam checks catch are deleted after 30 days.`,
    },
    {
      heading: 'Your data, your choice',
      body: `Write to [{email}](mailto:{email}) to get a copy of everything we hold under your e-mail address, or to have it erased. We answer within a month, and usually within a day.

{legalName} is responsible for this site and the data described here.`,
    },
  ],
  seo: {
    title: 'Privacy',
    description: 'What {name} counts when you visit, what it keeps when you send a form, for how long, and why this site sets no cookies.',
    image: null,
  },
};
