import { renderToStaticMarkup } from 'react-dom/server';
import { DashboardContext } from '../context';
import { ImageUpload } from './ImageUpload';
import { offlineServices } from '../test-services';

const render = (element: React.ReactElement) => renderToStaticMarkup(<DashboardContext.Provider value={offlineServices}>{element}</DashboardContext.Provider>);

describe('ImageUpload', () => {
  it('is a labelled file input for the accepted formats, described by its hint, that uploads when a file is chosen (no button to forget)', () => {
    const html = render(<ImageUpload label="Upload a banner image" onUploaded={() => undefined} />);
    const id = /<label for="([^"]+)">Upload a banner image<\/label>/.exec(html)?.[1];
    expect(id).toBeDefined();
    expect(html).toContain(`<p id="${id}-hint" class="admin-field__hint">JPEG, PNG, WebP, AVIF or GIF, at most 10 MB. It is resized for phones and large screens.</p>`);
    expect(html).toContain(`<input id="${id}" type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" aria-describedby="${id}-hint"/>`);
    expect(html).not.toContain('<button');
    // The live region progress and the outcome are read out from.
    expect(html).toContain('<div class="admin-upload" role="status"></div>');
    // Never a form of its own: it sits inside the editor's form.
    expect(html).not.toContain('<form');
  });

  it('takes its own hint and a disabled state', () => {
    const html = render(<ImageUpload label="Logo" hint="A wide logo, on a transparent background." disabled onUploaded={() => undefined} />);
    expect(html).toContain('A wide logo, on a transparent background.</p>');
    expect(html).toMatch(/<input [^>]*disabled=""/);
  });
});
