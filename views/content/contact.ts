import type { ContactContent } from './types';

export const contact: ContactContent = {
  heading: 'Contact Us',
  lead: 'Have a project in mind or a question about our services? Get in touch and we will reply within 24 hours.',
  formHeading: 'Send Us a Message',
  formLead: 'Share a few details about what you need and the right specialist will get back to you.',
};
