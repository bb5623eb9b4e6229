import { greetingName, normalisedAddress } from './visitor-confirmation';

describe('the name an acknowledgement greets', () => {
  it.each([
    ['Ada Lovelace', 'Ada'],
    ['  vera  ', 'vera'],
    ['José-María García', 'José-María'],
    ["D'Arcy Smith", "D'Arcy"],
    ['Zoë', 'Zoë'],
    ['王小明', '王小明'],
    ['"Ada", from accounts', 'Ada'],
    // Whatever the first word, only letters come through.
    ['Claim your refund now at http://refund-evil.example/claim', 'Claim'],
  ])('keeps the first word of %j: %j', (name, expected) => {
    expect(greetingName(name)).toBe(expected);
  });

  it.each([
    'http://refund-evil.example/claim',
    'www.refund-evil.example',
    'refund-evil.example',
    'victim@evil.example',
    'R2D2',
    '+1-555-0100 call now',
    '$500',
    'ab/cd',
    'Supercalifragilisticexpialidocious',
    'Ada\u200bLovelace',
    '',
    '   ',
    null,
    undefined,
  ])('greets %j neutrally (no name)', (name) => {
    expect(greetingName(name)).toBeNull();
  });
});

describe('the address the per-address limit counts', () => {
  it.each([
    ['victim+0@victim.example', 'victim@victim.example'],
    ['Victim+refund+7@Victim.Example', 'victim@victim.example'],
    ['VICTIM@VICTIM.EXAMPLE', 'victim@victim.example'],
    ['first.last+x@example.com', 'first.last@example.com'],
    ['First.Last+x@gmail.com', 'firstlast@gmail.com'],
    ['f.i.r.s.t.last@googlemail.com', 'firstlast@gmail.com'],
  ])('counts %j as %j', (email, expected) => {
    expect(normalisedAddress(email)).toBe(expected);
  });
});
