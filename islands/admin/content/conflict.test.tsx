import { renderToStaticMarkup } from 'react-dom/server';
import { homeSchema, type HomeContent } from '../../../shared/content/documents';
import { mergeVersions } from '../../../shared/content/merge';
import { DEFAULT_DOCUMENTS } from '../../../shared/content/defaults';
import { ChangeList, ThumbnailContext } from './ChangeList';
import { choose, conflictOf, resolvedData, unchosen } from './conflict';
import { ConflictChoices } from './ConflictChoices';
import { SaveStateLine } from './ContentEditor';
import { conflictText, mergedText, type SaveState } from './document-draft';
import { changedFields, fieldTree } from './schema-fields';

const home = DEFAULT_DOCUMENTS.home as HomeContent;
const tree = fieldTree(homeSchema);
const banner = (changes: Partial<HomeContent['banner']>): HomeContent => ({ ...home, banner: { ...home.banner, ...changes } });
const noop = () => undefined;
const UPLOAD = '/media/content/0b5c1d7e-7d0f-4a4e-9a38-2b1a6f0e9c11';

/** What the server answers a stale save where both changed the heading: its merge, theirs at the heading. */
function answerFor(base: HomeContent, mine: HomeContent, theirs: HomeContent) {
  const merge = mergeVersions(base, mine, theirs);
  return { version: 7, data: theirs, savedBy: 'admin', merged: merge.data, fields: merge.conflicts };
}

describe('a conflict resolved field by field', () => {
  const mine = banner({ heading: 'Maria’s heading', lead: 'Maria’s introduction' });
  const theirs = banner({ heading: 'Admin’s heading', eyebrow: 'Admin’s eyebrow' });
  const conflict = conflictOf(tree, answerFor(home, mine, theirs), mine);

  it('asks only about the field both changed, with both values', () => {
    expect(conflict.fields).toEqual([{ path: 'banner.heading', label: 'Banner › Heading', before: 'Admin’s heading', after: 'Maria’s heading' }]);
    expect(unchosen(conflict)).toHaveLength(1);
  });

  it('keeps mine where I choose mine, and everyone’s other changes either way', () => {
    expect(resolvedData(choose(conflict, 'banner.heading', 'mine'))).toEqual(banner({ heading: 'Maria’s heading', lead: 'Maria’s introduction', eyebrow: 'Admin’s eyebrow' }));
    expect(resolvedData(choose(conflict, 'banner.heading', 'theirs'))).toEqual(banner({ heading: 'Admin’s heading', lead: 'Maria’s introduction', eyebrow: 'Admin’s eyebrow' }));
    // A later choice replaces an earlier one.
    expect(resolvedData(choose(choose(conflict, 'banner.heading', 'mine'), 'banner.heading', 'theirs'))).toEqual(resolvedData(choose(conflict, 'banner.heading', 'theirs')));
  });

  it('chooses per field when several are named: each its own way', () => {
    const mine2 = banner({ heading: 'Mine H', eyebrow: 'Mine E' });
    const theirs2 = banner({ heading: 'Their H', eyebrow: 'Their E' });
    const two = conflictOf(tree, answerFor(home, mine2, theirs2), mine2);
    expect(two.fields.map((field) => field.path).sort()).toEqual(['banner.eyebrow', 'banner.heading']);
    const resolved = resolvedData(choose(choose(two, 'banner.heading', 'mine'), 'banner.eyebrow', 'theirs'));
    expect(resolved).toEqual(banner({ heading: 'Mine H', eyebrow: 'Their E' }));
    expect(unchosen(choose(two, 'banner.heading', 'mine')).map((field) => field.path)).toEqual(['banner.eyebrow']);
  });

  it('draws a choice per field, and no save until every field is chosen', () => {
    const html = renderToStaticMarkup(<ConflictChoices conflict={conflict} busy={false} onChoose={noop} onSave={noop} />);
    expect(html).toContain('admin saved this page while you were editing');
    expect(html).toContain('<legend>Banner › Heading</legend>');
    expect(html).toMatch(/<input type="radio" name="conflict-0"\/><span><strong>Keep mine:<\/strong> <span class="admin-prewrap">Maria’s heading<\/span>/);
    expect(html).toMatch(/<input type="radio" name="conflict-0"\/><span><strong>Take admin’s:<\/strong> <span class="admin-prewrap">Admin’s heading<\/span>/);
    expect(html).toMatch(/<button type="button" class="admin-button" disabled="" aria-describedby="content-conflict-left">Save with these choices<\/button>/);
    expect(html).toContain('Choose for 1 more field.');
    const chosen = renderToStaticMarkup(<ConflictChoices conflict={choose(conflict, 'banner.heading', 'mine')} busy={false} onChoose={noop} onSave={noop} />);
    expect(chosen).toMatch(/<input type="radio" name="conflict-0" checked=""\/><span><strong>Keep mine/);
    expect(chosen).toMatch(/<button type="button" class="admin-button">Save with these choices<\/button>/);
    expect(chosen).not.toContain('more field');
  });

  it('shows an image both changed as thumbnails (the small rendition), not its /media/content address', () => {
    const mineImage = banner({ image: { src: UPLOAD, alt: 'Our team at work', decorative: false } });
    const theirsImage = banner({ image: { src: 'images/map.svg', alt: 'A map', decorative: false } });
    const images = conflictOf(tree, answerFor(home, mineImage, theirsImage), mineImage);
    const html = renderToStaticMarkup(
      <ThumbnailContext.Provider value={(src) => (src === UPLOAD ? '/media/abc-480.webp' : `/${src}`)}>
        <ConflictChoices conflict={images} busy={false} onChoose={noop} onSave={noop} />
      </ThumbnailContext.Provider>,
    );
    expect(html).toContain('<img class="admin-content-changes__thumb" src="/media/abc-480.webp" alt="" width="96" height="64" loading="lazy"/>');
    expect(html).toContain('Uploaded image, alternative text: “Our team at work”'.replace(/[“”]/g, '"').replace(/"/g, '&quot;'));
    expect(html).toContain('images/map.svg, alternative text: &quot;A map&quot;');
    expect(html).toContain('<img class="admin-content-changes__thumb" src="/images/map.svg"');
    expect(html).not.toContain('/media/content/');
  });

  it('says in the action bar who changed which fields, after a merge and at a conflict', () => {
    expect(mergedText(tree, { savedBy: 'admin', fields: ['banner.heading'] })).toBe('Draft saved, with admin’s changes to Banner › Heading kept too. The public site has not changed.');
    expect(mergedText(tree, { savedBy: 'admin', fields: [] })).toBe('Draft saved. The public site has not changed.');
    expect(conflictText(tree, conflict)).toBe('Not saved yet: admin also changed Banner › Heading. Choose whose to keep, then save.');
  });
});

describe('the outcome of the last action, in the action bar', () => {
  const render = (state: SaveState | null) => renderToStaticMarkup(<SaveStateLine state={state} onShow={noop} />);

  it('holds one outcome at a time: a refusal leaves no “Published” beside it', () => {
    const published = render({ tone: 'success', text: 'Published: the site shows it now.' });
    expect(published).toContain('<p role="status" class="admin-content-state-line admin-content-state-line--success">Published: the site shows it now.</p>');
    expect(published).toContain('<p role="alert" class="admin-content-state-line"></p>');
    const refused = render({ tone: 'error', text: 'Not published: fix the fields listed at the top first.', show: { label: 'Show them', target: 'summary' } });
    expect(refused).not.toContain('Published: the site');
    expect(refused).toContain('<p role="status" class="admin-content-state-line"></p>');
    expect(refused).toMatch(/<p role="alert" class="admin-content-state-line admin-content-state-line--error">Not published: fix the fields listed at the top first\. <button type="button" class="admin-button admin-button--ghost admin-button--small">Show them<\/button><\/p>/);
  });

  it('keeps both live regions when there is nothing to say (so the next outcome is read out)', () => {
    expect(render(null)).toBe('<div class="admin-content-actions__state"><p role="status" class="admin-content-state-line"></p><p role="alert" class="admin-content-state-line"></p></div>');
  });
});

describe('comparing versions with images', () => {
  it('names an uploaded image by its thumbnail and alternative text, never its address', () => {
    const before = banner({ image: { src: UPLOAD, alt: 'Old photo', decorative: false } });
    const after = banner({ image: { src: '/media/content/1b5c1d7e-7d0f-4a4e-9a38-2b1a6f0e9c12', alt: 'New photo', decorative: false } });
    const changes = changedFields(tree, before, after);
    expect(changes.map(({ before: a, after: b }) => [a, b])).toEqual([['Uploaded image, alternative text: "Old photo"', 'Uploaded image, alternative text: "New photo"']]);
    const html = renderToStaticMarkup(
      <ThumbnailContext.Provider value={(src) => `${src.replace('/media/content/', '/media/small-')}.webp`}>
        <ChangeList changes={changes} beforeLabel="Version 2" afterLabel="Version 3" />
      </ThumbnailContext.Provider>,
    );
    expect(html.match(/<img class="admin-content-changes__thumb" src="\/media\/small-[0-9a-f-]+\.webp"/g)).toHaveLength(2);
    expect(html).not.toContain('/media/content/');
  });
});
