import { auditChangeText } from './audit-text';

const change = (action: Parameters<typeof auditChangeText>[0]['action'], summary: string) => auditChangeText({ action, summary });

describe("the audit trail's What changed, in sentences", () => {
  it('words a settings change instead of showing its JSON', () => {
    expect(change('settings.update', 'replyPromiseHours 24 → 48')).toBe('Reply promise changed from 24 hours to 48 hours.');
    expect(change('settings.update', 'notificationRecipients ["a@example.com"] → ["a@example.com","b@example.com"]; workingHoursOnly false → true')).toBe(
      'Notification recipients changed from a@example.com to a@example.com, b@example.com. Working hours only turned on.',
    );
    expect(change('settings.update', 'notificationRecipients ["a@example.com"] → []')).toBe('Notification recipients changed from a@example.com to nobody.');
    expect(change('settings.update', 'requireTwoFactor true → false; digestTime "08:00" → "07:30"; timeZone "Europe/London" → "Asia/Dubai"')).toBe(
      'Two-factor sign-in for every account turned off. Morning digest time changed from 08:00 to 07:30. Time zone changed from Europe/London to Asia/Dubai.',
    );
    expect(change('settings.update', 'retentionDays {"contact":null,"enquiry":null,"quote":30,"free-offer":null,"spam":30} → {"contact":90,"enquiry":null,"quote":null,"free-offer":null,"spam":14}')).toBe(
      'Leads of the Contact form kept 90 days instead of until deleted. Leads of the Quotes form kept until deleted instead of 30 days. Spam kept 14 days instead of 30 days.',
    );
    expect(change('settings.update', 'replyAddress null → "team@example.com"')).toBe('Reply address set to team@example.com.');
    expect(change('settings.update', 'replyAddress "team@example.com" → "inbox@example.com"')).toBe('Reply address changed from team@example.com to inbox@example.com.');
    expect(change('settings.update', 'replyAddress "team@example.com" → null')).toBe('Reply address team@example.com removed.');
    for (const text of [change('settings.update', 'replyPromiseHours 24 → 48'), change('settings.update', 'retentionDays {"spam":30} → {"spam":1}')]) {
      expect(text).not.toMatch(/[{}[\]"]/);
    }
  });

  it('shows a summary it cannot read as it was recorded, never an empty cell', () => {
    expect(change('settings.update', 'retentionDays {"contact":nu')).toBe('retentionDays {"contact":nu');
    expect(change('settings.update', '')).toBe('');
  });

  it('names statuses, stages and roles in words', () => {
    expect(change('lead.status', 'new → quoted')).toBe('Status changed from New to Quoted.');
    expect(change('project.stage', 'Accepted → In progress')).toBe('Stage changed from Accepted to In progress.');
    expect(change('user.update', 'role editor → owner')).toBe('Role changed from editor to owner.');
    expect(change('lead.delete', 'Contact')).toBe('A lead of the Contact form.');
  });

  it('words the throttle rules and the export filters', () => {
    expect(change('auth.throttled', 'rule account-and-address')).toBe('Too many failures for this username from one address.');
    expect(change('auth.throttled', 'rule address (any username)')).toBe('Too many failures from one address, any username.');
    expect(change('auth.throttled', 'rule account-daily')).toBe("The username's daily ceiling was reached.");
    expect(change('leads.export', 'folder=inbox, type=quote, status=accepted, unread=true, search=yes')).toBe('Exported the inbox: Quotes form, status Accepted, unread only, with a search.');
    expect(change('leads.export', 'folder=spam, from=2026-01-01, to=2026-01-31')).toBe('Exported the spam folder: from 2026-01-01, to 2026-01-31.');
  });

  it('makes the other summaries sentences', () => {
    expect(change('account.password-change', 'other sessions ended; this one has a new id')).toBe('Other sessions ended. This one has a new id.');
    expect(change('auth.sign-in', 'password and code; remember me')).toBe('With the password and a code; remember me ticked.');
    expect(change('auth.sign-in', 'password')).toBe('With the password.');
    expect(change('auth.sign-in', 'password and recovery code')).toBe('With the password and a recovery code.');
    expect(change('personal-data.export', '2 leads')).toBe('2 leads.');
  });
});
