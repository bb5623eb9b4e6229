/**
 * A small structural check of a rendered page, standing in for a full HTML parser (none is
 * installed): the mistakes content can bring into markup that React renders are the ones inside
 * texts given as HTML (the rich-text subset), where a browser would silently rebuild the tree — a
 * list or paragraph inside a paragraph, a link inside a link, a tag closed that is not open.
 * Returns what is wrong, in words, or an empty list.
 */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Elements that end an open `<p>` (HTML's "close a p element" list, the common ones). */
const CLOSES_P = new Set(['address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul']);
/** Text inside these is not markup (JSON-LD, inline scripts and styles). */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>|<!--[\s\S]*?-->|<!doctype[^>]*>/gi;

export function htmlNestingProblems(html: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const [, closing, rawName, selfClosing] = match;
    if (!rawName) continue; // a comment or the doctype
    const name = rawName.toLowerCase();
    if (closing) {
      if (open[open.length - 1] === name) open.pop();
      else problems.push(`</${name}> closes an element that is not open${open.length > 0 ? ` (inside <${open[open.length - 1]}>)` : ''}`);
      continue;
    }
    if (CLOSES_P.has(name) && open.includes('p')) problems.push(`<${name}> inside a paragraph`);
    if (name === 'a' && open.includes('a')) problems.push('a link inside a link');
    if (VOID.has(name) || selfClosing) continue;
    if (RAW_TEXT.has(name)) {
      // Skip to the element's end: its text may hold anything.
      const end = html.toLowerCase().indexOf(`</${name}`, TAG.lastIndex);
      TAG.lastIndex = end === -1 ? html.length : end;
    }
    open.push(name);
  }
  if (open.length > 0 && problems.length === 0) problems.push(`<${open[open.length - 1]}> is never closed`);
  return [...new Set(problems)];
}
