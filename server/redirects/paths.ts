/**
 * The two ends of a redirect as staff type them, made into what is stored: `from` an address of
 * this site in the spelling requests are matched in, `to` a path of this site or an https URL.
 * Each refusal names its field.
 */
import { ValidationError } from '../errors';
import { pageSpelling } from '../middleware/canonical-url';
import { REDIRECT_PATH_MAX, redirectMessages } from '../../shared/redirects';

/** Any base: only the path of a relative address is read. */
const BASE = 'https://site.invalid';

const refuse = (field: 'from' | 'to', message: string): never => {
  throw new ValidationError(`${field}: ${message}`, { [field]: message });
};

/**
 * The old address in its one spelling (`/Old Page/` → `/old%20page`): a path on this site without
 * scheme, host or query; escapes and `.` segments resolved as the canonical URLs resolve them, so
 * every spelling a visitor's browser sends finds it.
 */
export function fromPathOf(input: unknown): string {
  const text = typeof input === 'string' ? input.trim() : '';
  if (!text) return refuse('from', redirectMessages.fromMissing);
  if (text.length > REDIRECT_PATH_MAX) return refuse('from', redirectMessages.tooLong);
  if (!text.startsWith('/') || text.startsWith('//') || text.includes('\\') || text.includes('#')) return refuse('from', redirectMessages.fromNotPath);
  if (text.includes('?')) return refuse('from', redirectMessages.fromQuery);
  const path = pageSpelling(new URL(text, BASE).pathname);
  if (path === '/') return refuse('from', redirectMessages.fromHome);
  // Escaping may lengthen it (a space is `%20`): the stored address is held to the limit too.
  if (path.length > REDIRECT_PATH_MAX) return refuse('from', redirectMessages.tooLong);
  return path;
}

/**
 * The new address: a path of this site (in its one spelling, its query kept as given), or an
 * absolute https URL. An address on this site's own origin (`PUBLIC_URL`) is kept as its path, so
 * loops and chains through it are seen.
 */
export function toAddressOf(input: unknown, publicUrl: string): string {
  const text = typeof input === 'string' ? input.trim() : '';
  if (!text) return refuse('to', redirectMessages.toMissing);
  if (text.length > REDIRECT_PATH_MAX) return refuse('to', redirectMessages.tooLong);
  const ownOrigin = new URL(publicUrl).origin;
  if (text.startsWith('/') && !text.startsWith('//') && !text.includes('\\')) return sitePath(new URL(text, BASE));
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return refuse('to', redirectMessages.toNotAddress);
    }
    if (url.origin === ownOrigin) return sitePath(url);
    if (url.protocol === 'https:' && !url.username && !url.password) return url.href;
  }
  return refuse('to', redirectMessages.toNotAddress);
}

const sitePath = (url: URL) => `${pageSpelling(url.pathname)}${url.search}${url.hash}`;

/** The address of this site a `to` leads to (no query, no fragment), or undefined for another site's URL. */
export function sitePathOf(to: string): string | undefined {
  if (!to.startsWith('/')) return undefined;
  return to.replace(/[?#].*$/, '');
}
