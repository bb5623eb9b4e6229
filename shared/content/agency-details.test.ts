import { DEFAULT_DOCUMENTS } from './defaults';
import type { BusinessContent } from './documents';
import { agencyDetailNames, changedAgencyDetails } from './agency-details';

const business = DEFAULT_DOCUMENTS.business as BusinessContent;

describe('the agency details a change touches', () => {
  it('names the name, e-mail, phone and address fields changed, nested address lines included, and nothing else', () => {
    expect(changedAgencyDetails('business', business, { ...business, email: 'attacker@evil.example', phone: '+1 555 0000' })).toEqual(['email', 'phone']);
    expect(changedAgencyDetails('business', business, { ...business, location: { ...business.location, city: 'Elsewhere' } })).toEqual(['location']);
    expect(changedAgencyDetails('business', business, { ...business, name: 'Another', legalName: 'Another Ltd', phone: '+44 20 7946 0000' })).toEqual(['name', 'legalName', 'phone']);
    // The opening hours are the site's to say, not the mail's: any editor publishes them.
    expect(changedAgencyDetails('business', business, { ...business, openingHours: { ...business.openingHours, byAppointment: true } })).toEqual([]);
    expect(changedAgencyDetails('business', business, { ...business, tagline: 'New words', socials: [] })).toEqual([]);
    // Key order is not a change.
    expect(changedAgencyDetails('business', business, Object.fromEntries(Object.entries(business).reverse()))).toEqual([]);
    expect(changedAgencyDetails('home', { email: 'a@example.com' }, { email: 'b@example.com' })).toEqual([]);
    expect(changedAgencyDetails('business', null, business)).toHaveLength(5);
  });

  it('writes them as a sentence names them', () => {
    expect(agencyDetailNames(['email'])).toBe('E-mail address');
    expect(agencyDetailNames(['email', 'phone'])).toBe('E-mail address and Phone number');
    expect(agencyDetailNames(['name', 'email', 'location'])).toBe('Agency name, E-mail address and Address');
  });
});
