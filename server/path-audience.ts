/**
 * Who a path is for, decided here only: the JSON API (`/api/…`), the back office's pages
 * (`/admin`, `/admin/…`) or the public site (everything else). The first segment is read in any
 * letter case, so `/API/…` is still the API's to refuse rather than a page to look for.
 */
export type Audience = 'api' | 'admin' | 'site';

export function audienceOf(path: string): Audience {
  const end = path.indexOf('/', 1);
  const first = path.slice(1, end === -1 ? undefined : end).toLowerCase();
  return first === 'api' ? 'api' : first === 'admin' ? 'admin' : 'site';
}
