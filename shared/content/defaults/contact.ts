import type { ContactContent } from '../documents';

export const contact: ContactContent = {
  heading: 'Contact Us',
  lead: 'Have a project in mind or a question about our services? Get in touch and we will reply {replyPromise}.',
  formHeading: 'Send Us a Message',
  formLead: 'Share a few details about what you need and the right specialist will get back to you.',
  seo: {
    title: 'Contact Us',
    description: 'Call, message or visit {name}. Open {hours}; we reply to every enquiry {replyPromise}.',
    image: null,
  },
};
