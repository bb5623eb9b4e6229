import { phoneForms, phoneProblem } from './phone';
import { upgradeDocument } from './upgrade';
import { DEFAULT_OPENING_HOURS } from './opening-hours';

describe('the agency phone number', () => {
  it('makes the shown number, tel:, WhatsApp and E.164 forms from one typing', () => {
    for (const typed of ['+1 (555) 010-2030', '+15550102030', ' +1 555 010 2030 ', '+1.555.010.2030']) {
      expect(phoneForms(typed)).toEqual({ shown: '+1 (555) 010-2030', tel: 'tel:+15550102030', whatsapp: 'https://wa.me/15550102030', e164: '+15550102030' });
    }
    expect(phoneForms('+44 20 7946 0123')).toEqual({ shown: '+44 20 7946 0123', tel: 'tel:+442079460123', whatsapp: 'https://wa.me/442079460123', e164: '+442079460123' });
    expect(phoneForms('+33 1 23 45 67 89').shown).toBe('+33 1 23 45 67 89');
  });

  it('accepts numbers of the right length for their country, the fictional 555 ones included', () => {
    for (const number of ['+1 (555) 010-2030', '+44 20 7946 0000', '+49 30 123456', '+61 2 9374 4000']) expect(phoneProblem(number)).toBeNull();
  });

  it('refuses, in words, what is not a phone number it can dial', () => {
    expect(phoneProblem('555 010 2030')).toMatch(/^Start the number with \+ and its country code/);
    expect(phoneProblem('tel:+15550102030')).toMatch(/^Start the number with \+/);
    expect(phoneProblem('+999 123 4567')).toMatch(/^Start the number with \+ and its country code/);
    expect(phoneProblem('+1 555 01')).toMatch(/too short/);
    expect(phoneProblem('+1 555 010 20301')).toMatch(/too long/);
    expect(phoneProblem('+1 555 CALL NOW')).toMatch(/not a phone number/);
    expect(phoneProblem('+1 555 010 2030<script>')).toMatch(/not a phone number/);
  });
});

describe('content written before one phone field (schema version 1)', () => {
  const old = { name: 'Agency', phone: '+1 (555) 010-7777', phoneHref: 'tel:+15550102030', chatHref: 'https://wa.me/15550102030' };

  it('keeps the shown number when it is one (what staff changed last), and gains the hours the site showed', () => {
    expect(upgradeDocument('business', old, 1)).toEqual({ name: 'Agency', phone: '+1 (555) 010-7777', openingHours: DEFAULT_OPENING_HOURS });
  });

  it('takes the dialled number when the shown one is not a number', () => {
    expect(upgradeDocument('business', { ...old, phone: 'Call us' }, 1)).toMatchObject({ phone: '+15550102030' });
  });

  it('leaves other documents, and documents already of version 2, as they are', () => {
    expect(upgradeDocument('home', old, 1)).toBe(old);
    expect(upgradeDocument('business', old, 2)).toBe(old);
  });
});
