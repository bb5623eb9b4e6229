/** How a category or industry page picks its items from the portfolio. Isomorphic. */

/**
 * True when one of the item's category slugs or display labels equals one of the keywords,
 * ignoring case and surrounding spaces. Whole-value matching keeps "design" from pulling every
 * "UI/UX Design" item into the graphic page.
 */
export function matchesKeywords(item: { categories: readonly string[]; displayCategories: readonly string[] }, keywords: readonly string[]): boolean {
  const wanted = new Set(keywords.map(normalize));
  return [...item.categories, ...item.displayCategories].some((value) => wanted.has(normalize(value)));
}

const normalize = (value: string) => value.trim().toLowerCase();
