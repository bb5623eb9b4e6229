import { leadAdminPath, replyLink, replySubject, senderInSentence, senderName } from './lead-facts';

describe('a lead as staff see it', () => {
  it('names the sender by name, then address, then says it is unknown', () => {
    expect(senderName({ name: 'Ada', email: 'ada@example.com' })).toBe('Ada');
    expect(senderName({ name: null, email: 'ada@example.com' })).toBe('ada@example.com');
    expect(senderName({ name: null, email: null })).toBe('Unknown sender');
    expect(senderInSentence({ name: null, email: null })).toBe('an unknown sender');
  });

  it('answers "Re:" the visitor subject, cut to 80 characters, else the form', () => {
    expect(replySubject({ type: 'contact', subject: 'Bakery website' })).toBe('Re: Bakery website');
    expect(replySubject({ type: 'quote', subject: null })).toBe('Re: your quote request');
    expect(Array.from(replySubject({ type: 'contact', subject: 'x'.repeat(200) })).length).toBe('Re: '.length + 81);
  });

  it('links a reply to the address with the subject encoded, and none without an address', () => {
    expect(replyLink({ type: 'contact', email: 'a+b@example.com', subject: 'Hi & bye' })).toBe('mailto:a%2Bb@example.com?subject=Re%3A%20Hi%20%26%20bye');
    expect(replyLink({ type: 'contact', email: null, subject: 'Hi' })).toBeNull();
  });

  it('places the lead below the dashboard', () => {
    expect(leadAdminPath({ type: 'quote', id: 'abc' })).toBe('/admin/dashboard/messages/quote/abc');
  });
});
