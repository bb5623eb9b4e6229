import { renderToStaticMarkup } from 'react-dom/server';
import { DEFAULT_DOCUMENTS } from '../../../shared/content/defaults';
import { DashboardContext } from '../context';
import { AgencyDetailsNote, ownerPublishesAgencyDetails, ownerPublishesText } from './AgencyDetailsNote';
import type { ContentDocumentJson } from './content-api';
import { SchedulePanel } from './SchedulePanel';
import { offlineServices } from '../test-services';

const noop = () => undefined;

const business = DEFAULT_DOCUMENTS.business;
const withDraft: ContentDocumentJson = {
  key: 'business',
  published: { version: 1, data: business, publishedAt: '2027-01-01T00:00:00Z', publishedBy: 'owner' },
  draft: { version: 2, data: { ...(business as object), email: 'new@example.com' }, savedAt: '2027-01-02T00:00:00Z', savedBy: 'bob' },
  scheduled: null,
};
const schedulePanel = (forOwner: boolean) =>
  renderToStaticMarkup(
    <DashboardContext.Provider value={offlineServices}>
      <SchedulePanel documentKey="business" doc={withDraft} dirty={false} forOwner={forOwner} saveFirst={() => Promise.resolve(2)} onScheduled={noop} />
    </DashboardContext.Provider>,
  );

describe('the agency details in an editor’s hands', () => {
  it('is the agency details document, for anyone but an owner', () => {
    expect(ownerPublishesAgencyDetails('editor', 'business')).toBe(true);
    expect(ownerPublishesAgencyDetails('owner', 'business')).toBe(false);
    expect(ownerPublishesAgencyDetails('editor', 'home')).toBe(false);
  });

  it('says who publishes them in a named note', () => {
    const html = renderToStaticMarkup(<AgencyDetailsNote />);
    expect(html).toMatch(/^<div class="admin-notice admin-notice--warning admin-content-owner-note" role="note" aria-labelledby="agency-details-note-title"><p id="agency-details-note-title">An owner publishes the agency details\.<\/p>/);
    expect(html).toContain('Change them and save a draft: an owner publishes it.');
  });

  it('says why a draft changing them has no Publish, and nothing for one that does not', () => {
    expect(ownerPublishesText(['email', 'phone'])).toBe('This draft changes the E-mail address and Phone number of the agency details: an owner publishes it. Save the draft and ask an owner.');
    expect(ownerPublishesText([])).toBe('');
  });

  it('offers no scheduling of such a draft, and says why', () => {
    const refused = schedulePanel(true);
    expect(refused).toMatch(/<button type="button" class="admin-button admin-button--ghost" aria-expanded="false" disabled="">Schedule…<\/button>/);
    expect(refused).toContain('An owner schedules a change of the agency details.');
    const offered = schedulePanel(false);
    expect(offered).toMatch(/<button type="button" class="admin-button admin-button--ghost" aria-expanded="false">Schedule…<\/button>/);
    expect(offered).not.toContain('An owner schedules');
  });
});
