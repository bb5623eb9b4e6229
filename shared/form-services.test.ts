import { formDefinition, formServiceOptions, type ServiceFormNames } from './forms';
import { validateForm } from './form-schemas';
import { VALID_FORMS } from '../tests/helpers/form-fixtures';

const service = (enquiryName: string, enquiryPlace: number, quoteName: string, quotePlace: number): ServiceFormNames => ({ listing: { enquiryName, enquiryPlace, quoteName, quotePlace } });

describe('formServiceOptions', () => {
  it('offers each service by its name in each form, by that form’s place then list order, a name once, "Other" last in the quote form', () => {
    const options = formServiceOptions([
      service('Websites', 20, 'Websites', 10),
      service('', 10, 'Branding', 5),
      service('Apps', 20, '', 1),
      service('Websites', 30, 'Other', 0),
      service('  Films ', 1000, 'Films', 1000),
    ]);
    expect(options).toEqual({ enquiry: ['Websites', 'Apps', 'Films'], quote: ['Branding', 'Websites', 'Films', 'Other'] });
    expect(formServiceOptions([])).toEqual({ enquiry: [], quote: ['Other'] });
  });
});

describe('formDefinition', () => {
  const serviceField = (type: 'enquiry' | 'quote', services: string[]) => formDefinition(type, services).fields.find((field) => field.name === 'service');

  it('puts the options offered now in the service field, the quote form defaulting to Web Development while offered, else to its first option', () => {
    expect(serviceField('quote', ['Apps', 'Web Development', 'Other'])).toMatchObject({ options: ['Apps', 'Web Development', 'Other'], defaultValue: 'Web Development' });
    expect(serviceField('quote', ['Apps', 'Other'])).toMatchObject({ options: ['Apps', 'Other'], defaultValue: 'Apps' });
    expect(serviceField('enquiry', ['Apps'])).toMatchObject({ options: ['Apps'], defaultValue: undefined, placeholder: 'Select a service' });
  });

  it('has the schema accept exactly the options offered', () => {
    expect(validateForm('enquiry', { ...VALID_FORMS.enquiry, service: 'Apps' }, ['Apps']).ok).toBe(true);
    expect(validateForm('enquiry', { ...VALID_FORMS.enquiry, service: 'Apps' }, ['Websites'])).toEqual({ ok: false, fields: { service: 'Please select a service from the list.' } });
    expect(validateForm('enquiry', { ...VALID_FORMS.enquiry, service: 'Apps' }, [])).toEqual({ ok: false, fields: { service: 'Please select a service from the list.' } });
    expect(validateForm('contact', VALID_FORMS.contact).ok).toBe(true);
  });
});
