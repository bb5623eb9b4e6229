import { FORM_TYPES } from './form-types';
import { fillPlaceholders, placeholdersOf, REPLY_PLACEHOLDER_HINTS, REPLY_PLACEHOLDERS } from './replies';

const promise = { replyPromiseHours: 24, workingHoursOnly: false };
const agency = { name: 'Brightpath Digital', phone: '+1 555 010 2030' };
const saved = 'Hi {firstName}, thanks for asking about {service}: we answer {replyPromise}.';

/** Saved replies' placeholders, filled for a lead of each form as a visitor would read them. */
describe('saved reply placeholders', () => {
  it.each([
    ['enquiry', 'Web Development', 'Hi Ada, thanks for asking about Web Development: we answer within 24 hours.'],
    ['enquiry', null, 'Hi Ada, thanks for asking about your enquiry: we answer within 24 hours.'],
    ['quote', 'App Development', 'Hi Ada, thanks for asking about App Development: we answer within 24 hours.'],
    ['quote', null, 'Hi Ada, thanks for asking about your project: we answer within 24 hours.'],
    ['free-offer', null, 'Hi Ada, thanks for asking about our free offer: we answer within 24 hours.'],
    ['contact', null, 'Hi Ada, thanks for asking about your message: we answer within 24 hours.'],
  ] as const)('reads naturally for a %s lead (service %s)', (type, service, expected) => {
    expect(fillPlaceholders(saved, placeholdersOf({ type, name: 'Ada Lovelace', service }, promise, agency))).toBe(expected);
  });

  it('never says a form\'s internal name after "about"', () => {
    for (const type of FORM_TYPES) {
      const text = fillPlaceholders('about {service}', placeholdersOf({ type, name: null, service: null }, promise, agency));
      expect(text).not.toMatch(/contact message|free-offer request|quote request/);
    }
  });

  it('gives {firstName} only a plain first word, else "there"', () => {
    const first = (name: string | null) => placeholdersOf({ type: 'contact', name, service: null }, promise, agency).firstName;
    expect(first('  Ada   Lovelace ')).toBe('Ada');
    expect(first('José-María Núñez')).toBe('José-María');
    expect(first('http://evil.example/claim your prize')).toBe('there');
    expect(first('<script>alert(1)</script> Bob')).toBe('there');
    expect(first('R2D2')).toBe('there');
    expect(first(null)).toBe('there');
    // {name} stays the whole name as typed (staff see it and choose which to use).
    expect(placeholdersOf({ type: 'contact', name: 'Ada Lovelace', service: null }, promise, agency).name).toBe('Ada Lovelace');
  });

  it('fills every placeholder it documents, and leaves other braces as written', () => {
    expect(Object.keys(REPLY_PLACEHOLDER_HINTS).sort()).toEqual([...REPLY_PLACEHOLDERS].sort());
    const values = placeholdersOf({ type: 'enquiry', name: 'Ada Lovelace', service: 'SEO' }, promise, agency);
    expect(fillPlaceholders('{name}|{firstName}|{service}|{replyPromise}|{agency}|{phone}|{unknown}|{ firstName }', values)).toBe(
      'Ada Lovelace|Ada|SEO|within 24 hours|Brightpath Digital|+1 555 010 2030|{unknown}|{ firstName }',
    );
  });
});
