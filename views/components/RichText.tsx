import { richTextHtml, singleParagraphHtml } from '../../shared/content/rich-text';

/**
 * A longer text staff wrote in the safe subset (`shared/content/rich-text.ts`). A single paragraph
 * keeps the view's own `<p>` (with its class), so a plain text renders as it always has; several
 * paragraphs or a list render as blocks in a `<div>` with that class.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  const inline = singleParagraphHtml(text);
  if (inline !== undefined) return <p className={className} dangerouslySetInnerHTML={{ __html: inline }} />;
  return <div className={className} dangerouslySetInnerHTML={{ __html: richTextHtml(text) }} />;
}
