import { renderToStaticMarkup } from 'react-dom/server';
import { DashboardContext } from '../context';
import { offlineServices } from '../test-services';
import type { UndoPlan } from './content-api';
import { scheduledTimeText } from './schedule-time';
import { UndoLastPublish, undoQuestion } from './UndoLastPublish';
import { statusText } from './WebsiteView';

describe('a scheduled page in the Website list', () => {
  it('says when it publishes, on the agency’s clock, instead of "Draft waiting"', () => {
    const row = { status: 'draft', scheduledAt: '2026-12-01T17:00:00.000Z' };
    expect(statusText(row, 'America/Los_Angeles')).toBe('Scheduled for Tue 1 Dec, 09:00');
    expect(statusText(row, 'Europe/London')).toBe('Scheduled for Tue 1 Dec, 17:00');
    expect(statusText({ status: 'draft', scheduledAt: null }, 'UTC')).toBe('Draft waiting');
    expect(statusText({ status: 'published', scheduledAt: null }, 'UTC')).toBe('Published');
    expect(statusText({ status: 'retired', scheduledAt: null }, 'UTC')).toBe('Retired');
  });

  it('names the year of a time in another year', () => {
    expect(scheduledTimeText('2027-01-05T09:00:00Z', 'UTC', new Date('2026-12-01T00:00:00Z'))).toBe('Tue, 5 Jan 2027, 09:00');
    expect(scheduledTimeText('2026-12-24T09:00:00Z', 'UTC', new Date('2026-12-01T00:00:00Z'))).toBe('Thu 24 Dec, 09:00');
  });
});

describe('undo in a page’s history', () => {
  const plan: UndoPlan = {
    key: 'about',
    title: 'About',
    undoes: { version: 7, publishedAt: '2026-12-01T10:00:00Z', publishedBy: 'maria' },
    backTo: { version: 5, publishedAt: '2026-11-20T08:30:00Z', publishedBy: null },
  };

  it('asks naming the page, the version undone with its time and author, and the one put back', () => {
    expect(undoQuestion(plan, (iso) => iso.slice(0, 16))).toBe(
      '“About” goes back to version 5 (published 2026-11-20T08:30), undoing version 7, published 2026-12-01T10:00 by maria. It is published as a new version; the draft and every other page stay as they are.',
    );
  });

  it('says a change of address, a retirement or a bringing back is undone as what it was', () => {
    const at = (iso: string) => iso.slice(0, 16);
    expect(undoQuestion({ ...plan, title: 'Video', event: { type: 'move', to: '/services/video' } }, at)).toBe(
      '“Video” moves back to /services/video, undoing the change of address of 2026-12-01T10:00 by maria. Its current address then redirects there.',
    );
    expect(undoQuestion({ ...plan, title: 'Video', event: { type: 'retire' } }, at)).toBe('“Video” comes back on the site at its address, undoing its retirement of 2026-12-01T10:00 by maria.');
    expect(undoQuestion({ ...plan, title: 'Video', event: { type: 'return', redirectTo: '/services' } }, at)).toBe(
      '“Video” is retired again, its visitors sent to /services, undoing its bringing back of 2026-12-01T10:00 by maria.',
    );
  });

  it('is a button of the page, not of the whole site', () => {
    const html = renderToStaticMarkup(
      <DashboardContext.Provider value={offlineServices}>
        <UndoLastPublish documentKey="about" onUndone={() => undefined} />
      </DashboardContext.Provider>,
    );
    expect(html).toBe('<p class="admin-content-undo"><button type="button" class="admin-button admin-button--ghost admin-button--small">Undo this page’s last publish</button></p>');
  });
});
