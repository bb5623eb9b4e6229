import samples from './portfolio-samples.json';

/** A sample project: its form fields and the colours its generated images are drawn in. */
export interface SampleProject {
  /** As the multipart form sends them (testimonial as JSON text). */
  fields: Record<string, string | string[]> & { title: string; client: string };
  palette: [string, string];
}

/** One sample as the data file holds it: the testimonial as an object, not yet the form's JSON text. */
interface SampleJson {
  /** Two colours (a JSON import types it as any array). */
  palette: string[];
  fields: SampleProject['fields'];
  testimonial?: { text: string; author: string; position: string };
}

/**
 * Realistic sample projects so a new install shows a living portfolio (all the spec's item fields):
 * data, kept in `portfolio-samples.json`, and sent as the multipart form sends a project.
 */
export const SAMPLE_PROJECTS: SampleProject[] = (samples as SampleJson[]).map(({ palette, fields, testimonial }) => ({
  palette: palette as SampleProject['palette'],
  fields: testimonial ? { ...fields, testimonial: JSON.stringify(testimonial) } : fields,
}));

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Splits a title into at most three lines of about `width` characters. */
function lines(text: string, width: number): string[] {
  const result: string[] = [];
  for (const word of text.split(' ')) {
    const last = result[result.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= width) result[result.length - 1] = `${last} ${word}`;
    else result.push(word);
  }
  return result.slice(0, 3);
}

/**
 * A project picture, drawn as SVG: a gradient in the project's colours, a few shapes suggesting
 * screens or artwork, and the title. Made locally, so seeding needs no network; the image
 * encoder's child process draws it and encodes it as it does uploads (`drawn` jobs), so the site's
 * own process never runs sharp.
 */
export function sampleDrawing(project: SampleProject, variant: number, width: number, height: number): Buffer {
  const [from, to] = project.palette;
  const title = lines(project.fields.title, 22);
  const label = variant === 0 ? project.fields.client : ['Design details', 'On every screen', 'Launch results'][variant - 1] ?? '';
  const titleSize = Math.round(width / 16);
  const shapes =
    variant % 2 === 0
      ? `<rect x="${width * 0.58}" y="${height * 0.52}" width="${width * 0.34}" height="${height * 0.4}" rx="24" fill="#fff" opacity="0.16"/>
         <rect x="${width * 0.62}" y="${height * 0.58}" width="${width * 0.26}" height="${height * 0.08}" rx="10" fill="#fff" opacity="0.35"/>
         <rect x="${width * 0.62}" y="${height * 0.7}" width="${width * 0.2}" height="${height * 0.05}" rx="8" fill="#fff" opacity="0.25"/>`
      : `<circle cx="${width * 0.8}" cy="${height * 0.72}" r="${height * 0.2}" fill="#fff" opacity="0.14"/>
         <circle cx="${width * 0.6}" cy="${height * 0.84}" r="${height * 0.1}" fill="#fff" opacity="0.2"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ${shapes}
    <text x="${width * 0.07}" y="${height * 0.2}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(titleSize * 0.45)}" fill="#fff" opacity="0.85">${escapeXml(label)}</text>
    ${title.map((line, index) => `<text x="${width * 0.07}" y="${height * 0.2 + titleSize * (1.3 + index * 1.15)}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${titleSize}" fill="#fff">${escapeXml(line)}</text>`).join('\n')}
  </svg>`;
  return Buffer.from(svg);
}
