import { renderToStaticMarkup } from 'react-dom/server';
import { DashboardContext } from '../context';
import { offlineServices } from '../test-services';
import { AddressPanel } from './AddressPanel';
import type { ContentDocumentJson } from './content-api';

const doc = (over: Partial<ContentDocumentJson> = {}): ContentDocumentJson => ({
  key: 'services/video',
  paths: ['/services/video', '/services', '/', '*'],
  published: { version: 3, data: {}, publishedAt: '2026-12-01T10:00:00Z', publishedBy: 'ann' },
  draft: null,
  retired: null,
  ...over,
});

const render = (document: ContentDocumentJson, dirty = false) =>
  renderToStaticMarkup(
    <DashboardContext.Provider value={offlineServices}>
      <AddressPanel documentKey="services/video" doc={document} dirty={dirty} onChanged={() => undefined} />
    </DashboardContext.Provider>,
  );

describe('the Address panel', () => {
  it('shows a live page’s address, says a redirect keeps the old one, and offers retiring it', () => {
    const html = render(doc());
    expect(html).toContain('On the site at <code class="admin-break">/services/video</code>');
    expect(html).toContain('An automatic redirect keeps /services/video working.');
    expect(html).toContain('Retire this page');
    expect(html).toContain('<option value="typed">Another address…</option>');
    expect(html).not.toContain('Bring back');
  });

  it('holds the change of address while typing is not saved (it would not follow the page)', () => {
    const html = render(doc(), true);
    expect(html).toMatch(/<button type="submit" class="admin-button" disabled="" aria-describedby="content-address-save-first">Change address<\/button>/);
  });

  it('offers no retirement for a page never published, and says where it will be', () => {
    const html = render(doc({ published: { version: 0, data: null, publishedAt: null, publishedBy: null } }));
    expect(html).toContain('Will be at <code class="admin-break">/services/video</code>');
    expect(html).not.toContain('Retire this page');
    expect(html).not.toContain('automatic redirect');
  });

  it('says where a retired page’s visitors go, with Bring back instead of the forms', () => {
    const html = render(doc({ retired: { at: '2026-12-02T09:00:00Z', redirectTo: '/services' } }));
    expect(html).toContain('visitors to /services/video are sent to <code class="admin-break">/services</code>');
    expect(html).toContain('Bring back');
    expect(html).not.toContain('Change address');
  });
});
