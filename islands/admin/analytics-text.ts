/** Text of the Analytics view: conversion rates, chart axes, days, CSV files and the tables' pager. */
import { csvCell } from '../../shared/csv';

/** `leads ÷ visitors` as a percentage with one decimal, or an en dash when nobody visited. */
export function percentOf(leads: number, visitors: number): string {
  if (visitors <= 0) return '–';
  return `${((leads / visitors) * 100).toFixed(1)}%`;
}

/** A CSV file: a byte-order mark (so Excel reads UTF-8), the header row, then the rows, CRLF-separated. */
export function csvOf(columns: string[], rows: (string | number)[][]): string {
  return `\uFEFF${[columns, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/**
 * Rows a table shows at once: a report lists at most 101 rows per table but up to 800 days, and the
 * view stays a few hundred rows in all (the CSV file holds every row).
 */
export const TABLE_PAGE_ROWS = 50;

/** What the pager under a long table says and its buttons read, naming the table for screen readers. */
export const tablePagerText = {
  shown: (first: number, last: number, total: number) => `Rows ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
  previous: 'Previous',
  next: 'Next',
  previousLabel: (table: string) => `Previous rows of ${table}`,
  nextLabel: (table: string) => `Next rows of ${table}`,
};

const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * A value axis label: short at every magnitude ("950", "2.5K", "1.2M"), so the widest one still
 * fits beside the chart (a full "100,000" was cut off at its left edge).
 */
export function axisNumber(value: number): string {
  return COMPACT.format(value);
}

/**
 * Whether a range's days need their year: when it spans more than one calendar year, or lies
 * outside the current one (so a day without its year always means this year).
 */
export function rangeShowsYear(from: string, to: string, today: string): boolean {
  return from.slice(0, 4) !== to.slice(0, 4) || to.slice(0, 4) !== today.slice(0, 4);
}

const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH_DAY_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * A report's day (`YYYY-MM-DD`, already the agency's day) as the chart and tables show it:
 * "Mar 14", or "Mar 14, 2025" when the range needs the year. Read as UTC so no zone moves it.
 */
export function dayLabel(day: string, withYear: boolean): string {
  return (withYear ? MONTH_DAY_YEAR : MONTH_DAY).format(new Date(`${day}T00:00:00Z`));
}
