import { DISPLAY_NAME_MAX, displayNameProblem, displayNameSchema } from './admin-users';

describe('display names', () => {
  it('takes a person\'s name in any script, trimmed, up to 80 characters as people count them', () => {
    for (const name of ['Maria Lopez', "Seán O'Brien-Ní Dhuibhir", 'Zoë & Åsa', '李小龍', 'Nguyễn Thị Minh Khai', 'محمد عبد الله', 'A', 'Dr. J. R. Smith, Jr.']) {
      expect(displayNameProblem(name)).toBeUndefined();
      expect(displayNameSchema.parse(name)).toBe(name);
    }
    expect(displayNameSchema.parse('  Maria Lopez \u00a0')).toBe('Maria Lopez');
    expect(displayNameProblem('😀'.repeat(DISPLAY_NAME_MAX))).toBeUndefined();
    expect(displayNameProblem('😀'.repeat(DISPLAY_NAME_MAX + 1))).toBe('A name has at most 80 characters.');
  });

  it.each([
    ['', 'Enter a name, such as Maria Lopez.'],
    [' \t ', 'Enter a name, such as Maria Lopez.'],
    ['Maria\nLopez', 'Keep the name on one line.'],
    ['Maria\r\nBcc: someone@example.com', 'Keep the name on one line.'],
    ['Maria\u2029Lopez', 'Keep the name on one line.'],
    ['Maria\u0085Lopez', 'Keep the name on one line.'],
    ['Maria\tLopez', 'Leave out tabs and invisible control characters.'],
    ['Maria\u001bLopez', 'Leave out tabs and invisible control characters.'],
    ['Maria\u0090Lopez', 'Leave out tabs and invisible control characters.'],
    ['Maria \u2066Lopez\u2069', 'Leave out tabs and invisible control characters.'],
    ['Maria \ud800Lopez', 'Leave out tabs and invisible control characters.'],
    ['Maria <maria@example.com>', 'Leave out < > @ and ": the name is shown as the sender of our e-mails.'],
    ['"Maria" Lopez', 'Leave out < > @ and ": the name is shown as the sender of our e-mails.'],
    ['maria@agency', 'Leave out < > @ and ": the name is shown as the sender of our e-mails.'],
  ])('refuses %j: %s', (name, message) => {
    expect(displayNameProblem(name)).toBe(message);
  });
});
