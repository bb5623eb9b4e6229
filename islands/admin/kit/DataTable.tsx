import { useId, type ReactNode, type Ref } from 'react';
import type { MoreState } from './use-data';

export interface Column<T> {
  /** Unique among the table's columns (React's key). */
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The label beside the value when a phone stacks each row into a card (default: `header`; "" for none). */
  phoneLabel?: string;
  /** Figures: right-aligned, digits of equal width. */
  numeric?: boolean;
  /** The column that names the row (a `<th scope="row">`). */
  rowHeader?: boolean;
  className?: string;
}

export interface RowSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
  /** "Select all messages shown". */
  allLabel: string;
  /** "Select the message from Ada". */
  rowLabel: (row: T) => string;
}

export interface DataTableProps<T> {
  /** Names the table for screen readers (its caption) and its scrolling region. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** A row's change or a bulk action is running (the rows dim). */
  busy?: boolean;
  selection?: RowSelection<T>;
  /** "Show more" below the table (a `usePagedData` result's `more`). */
  more?: MoreState;
  moreLabel?: string;
  className?: string;
  /** The scrolling region, e.g. to move focus there when a focused row goes away. */
  regionRef?: Ref<HTMLDivElement>;
}

function cellClass<T>(column: Column<T>): string | undefined {
  return [column.numeric && 'admin-table__number', column.className].filter(Boolean).join(' ') || undefined;
}

/**
 * A back-office list: a real table whose columns are defined once (header, cell, the phone
 * layout's label), with an optional selection column and "Show more". Scrolls sideways inside its
 * own focusable region on wide screens; on phones the CSS stacks each row into a labelled card.
 */
export function DataTable<T>({ label, columns, rows, rowKey, rowClassName, empty, busy = false, selection, more, moreLabel = 'Show more', className, regionRef }: DataTableProps<T>) {
  const captionId = useId();
  if (rows.length === 0) return <p className="admin-card admin-empty">{empty}</p>;
  const allSelected = selection !== undefined && rows.every((row) => selection.selected.has(rowKey(row)));
  const toggle = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (!next.delete(key)) next.add(key);
    selection.onChange(next);
  };
  return (
    <>
      <div ref={regionRef} className="admin-table-scroll" role="region" aria-labelledby={captionId} aria-busy={busy || undefined} tabIndex={0}>
        {/* The roles are the elements' own, said again: the phone's card layout (CSS `display`)
            makes Chromium forget that this is a table, its rows and its headers. */}
        <table className={className ? `admin-table ${className}` : 'admin-table'} role="table">
          <caption id={captionId} className="visually-hidden">
            {label}
          </caption>
          <thead role="rowgroup">
            <tr role="row">
              {selection && (
                <th scope="col" role="columnheader">
                  <input type="checkbox" aria-label={selection.allLabel} checked={allSelected} onChange={() => selection.onChange(allSelected ? new Set() : new Set(rows.map(rowKey)))} />
                </th>
              )}
              {columns.map((column) => (
                <th key={column.key} scope="col" role="columnheader" className={cellClass(column)}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((row) => {
              const key = rowKey(row);
              return (
                <tr key={key} role="row" className={rowClassName?.(row)}>
                  {selection && (
                    <td role="cell" data-label="Select">
                      <input type="checkbox" aria-label={selection.rowLabel(row)} checked={selection.selected.has(key)} onChange={() => toggle(key)} />
                    </td>
                  )}
                  {columns.map((column) => {
                    const phoneLabel = column.phoneLabel ?? column.header;
                    const props = { className: cellClass(column), 'data-label': phoneLabel || undefined };
                    return column.rowHeader ? (
                      <th key={column.key} scope="row" role="rowheader" {...props}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.key} role="cell" {...props}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {more && (more.available || more.error) && <ShowMore more={more} label={moreLabel} />}
    </>
  );
}

/** "Show more" for a paged list, with its own pending state and failure (the rows shown stay). */
export function ShowMore({ more, label = 'Show more' }: { more: MoreState; label?: string }) {
  return (
    <div className="admin-pagination">
      {more.error && (
        <p className="admin-field__error" role="alert">
          {more.error}
        </p>
      )}
      {more.available && (
        <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={more.loading} onClick={more.load}>
          {more.loading ? 'Loading…' : more.error ? 'Try again' : label}
        </button>
      )}
    </div>
  );
}
