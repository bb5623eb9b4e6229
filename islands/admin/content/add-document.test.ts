import { nameProblem, slugFromName } from './AddDocumentDialog';
import { statusText } from './WebsiteView';

describe('adding a service, industry or page', () => {
  it('proposes an address from the name, in lower case and hyphens', () => {
    expect(slugFromName('Video Production & Editing')).toBe('video-production-editing');
    expect(slugFromName('  Café Menus ')).toBe('cafe-menus');
    expect(slugFromName('Careers!')).toBe('careers');
    expect(slugFromName('a'.repeat(59) + ' bc').length).toBeLessThanOrEqual(60);
  });

  it('checks the name as its starting content would be checked', () => {
    expect(nameProblem('pages', '')).toMatch(/page’s name/);
    expect(nameProblem('pages', 'Careers')).toBeNull();
    expect(nameProblem('industries', 'x'.repeat(61))).toMatch(/at most 60/);
  });

  it('says a document never published is a draft, never published', () => {
    expect(statusText({ status: 'draft', scheduledAt: null, neverPublished: true }, 'UTC')).toBe('Draft, never published');
    expect(statusText({ status: 'draft', scheduledAt: null, neverPublished: false }, 'UTC')).toBe('Draft waiting');
    expect(statusText({ status: 'published', scheduledAt: null }, 'UTC')).toBe('Published');
  });
});
