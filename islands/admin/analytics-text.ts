/** Text of the Analytics view: conversion rates and CSV files. */
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
