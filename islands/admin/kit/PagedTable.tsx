import { DataTable, type DataTableProps } from './DataTable';
import { LoadStatus } from './LoadStatus';
import type { MoreState } from './use-data';

interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'rows' | 'more'> {
  /** A `usePagedData` result. */
  of: { data: unknown; loading: boolean; error: string; reload: () => void; items: readonly T[]; more: MoreState };
  /** What is on the way ("Loading the audit trail…"). */
  loadingText: string;
}

/**
 * A list the server answers a page at a time, as a table: its load status (Loading…, a failure
 * with Retry), then, once the first page came, the rows shown so far with "Show more".
 */
export function PagedTable<T>({ of, loadingText, ...table }: PagedTableProps<T>) {
  return (
    <>
      <LoadStatus of={of} loadingText={loadingText} />
      {of.data !== null && <DataTable {...table} rows={of.items} more={of.more} />}
    </>
  );
}
