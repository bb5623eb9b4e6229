import { dataReducer, initialData, initialPaged, pagedReducer, type DataState, type Page, type PagedState } from './data-state';

type Row = { id: string };
type RowPage = Page<Row> & { now?: string };
const page = (ids: string[], nextCursor: string | null, now?: string): RowPage => ({ items: ids.map((id) => ({ id })), nextCursor, now });

describe('a view’s data', () => {
  const start = initialData as DataState<string>;

  it('shows the answer, and keeps it shown during a reload until the fresh one arrives', () => {
    const loaded = dataReducer(start, { type: 'loaded', data: 'first' });
    expect(loaded).toEqual({ data: 'first', loading: false, error: '' });
    const reloading = dataReducer(loaded, { type: 'start', fresh: false });
    expect(reloading).toEqual({ data: 'first', loading: true, error: '' });
    expect(dataReducer(reloading, { type: 'loaded', data: 'second' }).data).toBe('second');
  });

  it('starts from nothing for a new source (another URL), so old rows never pass for new ones', () => {
    const loaded = dataReducer(start, { type: 'loaded', data: 'first' });
    expect(dataReducer(loaded, { type: 'start', fresh: true })).toEqual({ data: null, loading: true, error: '' });
  });

  it('keeps the failure until the next try, which clears it', () => {
    const failed = dataReducer(start, { type: 'failed', error: 'No database' });
    expect(failed).toEqual({ data: null, loading: false, error: 'No database' });
    expect(dataReducer(failed, { type: 'start', fresh: false }).error).toBe('');
  });

  it('takes a local change of what is shown', () => {
    const loaded = dataReducer(start, { type: 'loaded', data: 'first' });
    expect(dataReducer(loaded, { type: 'set', update: (previous) => `${previous}!` }).data).toBe('first!');
  });
});

describe('a paged list', () => {
  const start = initialPaged as unknown as PagedState<Row, RowPage>;
  const first = pagedReducer(start, { type: 'loaded', data: page(['a', 'b'], 'c1', 'then') });

  it('appends the next page and takes its cursor and fields', () => {
    const pending = pagedReducer(first, { type: 'more-start' });
    expect(pending.moreLoading).toBe(true);
    const more = pagedReducer(pending, { type: 'more-loaded', page: page(['c'], null, 'now') });
    expect(more.items.map((row) => row.id)).toEqual(['a', 'b', 'c']);
    expect(more.data).toMatchObject({ nextCursor: null, now: 'now' });
    expect(more.moreLoading).toBe(false);
  });

  it('keeps the rows shown when "Show more" fails, with its own message', () => {
    const failed = pagedReducer(pagedReducer(first, { type: 'more-start' }), { type: 'more-failed', error: 'Failed to load more.' });
    expect(failed.items).toHaveLength(2);
    expect(failed).toMatchObject({ moreLoading: false, moreError: 'Failed to load more.', error: '', data: { nextCursor: 'c1' } });
    expect(pagedReducer(failed, { type: 'more-start' }).moreError).toBe('');
  });

  it('goes back to the first page on a reload, and to nothing for new filters', () => {
    const grown = pagedReducer(first, { type: 'more-loaded', page: page(['c'], null) });
    const reloading = pagedReducer(grown, { type: 'start', fresh: false });
    expect(reloading.items).toHaveLength(3);
    expect(pagedReducer(reloading, { type: 'loaded', data: page(['a'], null) }).items).toEqual([{ id: 'a' }]);
    expect(pagedReducer(grown, { type: 'start', fresh: true })).toMatchObject({ items: [], data: null, loading: true });
  });

  it('takes a row’s own change', () => {
    const changed = pagedReducer(first, { type: 'set-items', update: (items) => items.filter((row) => row.id !== 'a') });
    expect(changed.items).toEqual([{ id: 'b' }]);
  });
});
