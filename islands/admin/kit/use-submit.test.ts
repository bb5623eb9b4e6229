import { ApiError } from '../api';
import { errorText } from './errors';
import { submitFailure } from './use-submit';

describe('what a failed call tells staff', () => {
  it('is the server’s own message when it sent one, else the fallback', () => {
    expect(errorText(new ApiError('That username is taken.', 409, true), 'Failed to create.')).toBe('That username is taken.');
    expect(errorText(new ApiError('Failed to create.', 500, false), 'Try again later.')).toBe('Try again later.');
    expect(errorText(new TypeError('Failed to fetch'), 'Failed to create.')).toBe('Failed to create.');
  });

  it('puts a refused form’s messages beside its fields, and the rest above the button', () => {
    const refused = new ApiError('Check the form.', 400, true, { username: 'Use letters and digits.' });
    expect(submitFailure(refused, 'Failed.')).toEqual({ error: '', fields: { username: 'Use letters and digits.' } });
    expect(submitFailure(new ApiError('Too many accounts.', 409, true), 'Failed.')).toEqual({ error: 'Too many accounts.', fields: {} });
    expect(submitFailure(new Error('offline'), 'Failed.')).toEqual({ error: 'Failed.', fields: {} });
  });
});
