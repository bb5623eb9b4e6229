import MarkdownIt from 'markdown-it';
import { isAllowedHref } from './fields';

/**
 * The small, safe subset of Markdown that longer texts may use: paragraphs, **bold**, *italic*,
 * [links](https://…) and bulleted lists. markdown-it with raw HTML off shows any tag as text;
 * every other rule (headings, images, tables, code, quotes, autolinks) is off, so their
 * characters are shown as typed. Links are kept only for `isAllowedHref` addresses.
 */
const markdown = new MarkdownIt('zero', { html: false, linkify: false, typographer: false, breaks: false });
markdown.enable(['paragraph', 'emphasis', 'link', 'list', 'newline', 'escape', 'entity', 'text', 'balance_pairs', 'fragments_join']);
markdown.validateLink = (url) => isAllowedHref(url.trim());

/** Blocks of HTML for a text of the subset (paragraphs and lists). */
export function richTextHtml(source: string): string {
  return markdown.render(source);
}

/**
 * The inner HTML of a text that is a single paragraph (most texts), so a view can keep its own
 * `<p class="…">` around it; undefined when the text has several blocks.
 */
export function singleParagraphHtml(source: string): string | undefined {
  const tokens = markdown.parse(source, {});
  const blocks = tokens.filter((token) => token.level === 0 && token.nesting !== -1);
  if (blocks.length !== 1 || blocks[0]?.type !== 'paragraph_open') return undefined;
  const inline = tokens.find((token) => token.type === 'inline');
  return inline ? markdown.renderer.renderInline(inline.children ?? [], markdown.options, {}) : '';
}

/** Every link target a text of the subset contains (the publishing checks read them). */
export function richTextLinks(source: string): string[] {
  const links: string[] = [];
  const visit = (tokens: ReturnType<typeof markdown.parse>) => {
    for (const token of tokens) {
      if (token.type === 'link_open') {
        const href = token.attrGet('href');
        if (href) links.push(href);
      }
      if (token.children) visit(token.children);
    }
  };
  // Links markdown-it refused (`javascript:`) are not tokens: list them too, so the checks can name them.
  const refused = [...source.matchAll(/\]\(\s*([^)\s]+)[^)]*\)/g)].map((match) => match[1] ?? '').filter((href) => !isAllowedHref(href));
  visit(markdown.parse(source, {}));
  return [...links, ...refused];
}
