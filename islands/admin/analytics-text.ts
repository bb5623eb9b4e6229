/** Text of the Analytics view: conversion rates, CSV files and the tables' pager. */
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
