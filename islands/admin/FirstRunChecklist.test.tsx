import { renderToStaticMarkup } from 'react-dom/server';
import { DashboardContext } from './context';
import { FirstRunCard } from './FirstRunChecklist';
import { offlineServices } from './test-services';
import type { FirstRunJson } from '../../shared/first-run';
import { firstRunOpen } from '../../shared/first-run';

const noop = () => undefined;
const render = (answer: FirstRunJson) =>
  renderToStaticMarkup(
    <DashboardContext.Provider value={offlineServices}>
      <FirstRunCard answer={answer} onDismiss={noop} onSendConfirmation={noop} />
    </DashboardContext.Provider>,
  ).replace(/<!-- -->/g, '');

const answer = (states: Partial<Record<string, FirstRunJson['items'][number]['state']>>, email: { address: string | null; mailWorks: boolean } = { address: null, mailWorks: false }): FirstRunJson => ({
  items: (['agency', 'timeZone', 'mail', 'email', 'team', 'backups'] as const).map((key) => ({ key, state: states[key] ?? 'todo', ...(key === 'email' ? email : {}) })),
});

describe('the first-run checklist card', () => {
  it('lists each item with where it is done and a way to dismiss it', () => {
    const html = render(answer({}));
    expect(html).toContain('<h2 id="first-run-title" class="admin-card__title">Getting started</h2>');
    expect(html).toContain('0 of 6 done.');
    for (const [title, href] of [
      ['Agency details', '/admin/dashboard/website/business'],
      ['Time zone', '/admin/dashboard/settings'],
      ['Mail and reply address', '/admin/dashboard/settings'],
      ['Your e-mail address, confirmed', '/admin/dashboard/account'],
      ['Invite the team', '/admin/dashboard/users'],
      ['Where backups go', '/admin/dashboard/settings/backups'],
    ]) {
      expect(html).toContain(`<strong>${title}</strong>`);
      expect(html).toContain(`href="${href}"`);
      expect(html).toContain(`Dismiss<span class="visually-hidden"> “${title}”</span>`);
    }
  });

  it('shows done items as done, without links or dismissal, and leaves dismissed ones out', () => {
    const html = render(answer({ agency: 'done', team: 'dismissed' }));
    expect(html).toContain('1 of 5 done.');
    expect(html).toMatch(/admin-first-run__item--done.*<strong>Agency details<\/strong><span class="admin-first-run__state admin-first-run__state--done">Done<\/span>/);
    expect(html).not.toContain('href="/admin/dashboard/website/business"');
    expect(html).not.toContain('Invite the team');
  });

  it('says the owner\'s address waits for mail, then offers to send the confirmation once mail works', () => {
    expect(render(answer({}, { address: 'ada@agency.test', mailWorks: false }))).toContain('<strong>ada@agency.test</strong> waits to be confirmed: mail is not set up yet.');
    const ready = render(answer({}, { address: 'ada@agency.test', mailWorks: true }));
    expect(ready).toContain('open the link we mailed to it, or');
    expect(ready).toContain('>Send the confirmation</button>');
    expect(render(answer({}))).toContain('Your account has no e-mail address yet');
  });

  it('is open while anything is left to do, and goes once each item is done or dismissed', () => {
    expect(firstRunOpen(answer({ agency: 'done', timeZone: 'done', mail: 'done', email: 'done', team: 'dismissed' }))).toBe(true);
    expect(firstRunOpen(answer({ agency: 'done', timeZone: 'done', mail: 'done', email: 'done', team: 'dismissed', backups: 'dismissed' }))).toBe(false);
  });
});
