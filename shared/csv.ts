/**
 * First characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"): `=`,
 * `+`, `-`, `@`, tab and CR; their fullwidth twins, which some spreadsheets fold to ASCII; and the
 * zero-width characters that can hide a formula behind them. A cell starting with one gets a
 * leading `'` so it shows as text. One list for every CSV the product writes: the inbox export
 * (built in SQL) and the Analytics view's files (built in the browser).
 */
export const FORMULA_STARTS: readonly string[] = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];

/** One CSV cell (RFC 4180): formulas defused, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_STARTS.includes(value.charAt(0)) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
