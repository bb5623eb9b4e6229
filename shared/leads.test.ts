import { leadSummary } from './leads';

describe('a lead in one line', () => {
  it("shows a contact message's subject and the start of its message, not the subject alone", () => {
    expect(leadSummary({ subject: 'Bakery website', message: 'A site with\n  online orders.' })).toBe('Bakery website — A site with online orders.');
  });

  it('shows the message or the project details when there is no subject', () => {
    expect(leadSummary({ message: 'We need a new brand identity.' })).toBe('We need a new brand identity.');
    expect(leadSummary({ subject: '', message: 'Prices?' })).toBe('Prices?');
    expect(leadSummary({ projectDetails: 'A booking app.' })).toBe('A booking app.');
    expect(leadSummary({ subject: 'Hello', message: null })).toBe('Hello');
    expect(leadSummary({})).toBe('');
  });

  it('cuts the line to its length with an ellipsis', () => {
    expect(leadSummary({ subject: 'Quote', message: 'x'.repeat(200) }, 20)).toBe(`Quote — ${'x'.repeat(11)}…`);
  });
});
