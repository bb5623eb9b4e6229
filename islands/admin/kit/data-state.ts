/**
 * The states of a view's data, kept apart from React so the rules can be tested on their own:
 * a new source (another URL, other filters) starts from nothing, a reload keeps what is shown
 * until the fresh answer replaces it, and "Show more" has its own pending and failed states.
 */

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface DataState<T> {
  data: T | null;
  loading: boolean;
  error: string;
}

export type DataEvent<T> = { type: 'start'; fresh: boolean } | { type: 'loaded'; data: T } | { type: 'failed'; error: string } | { type: 'set'; update: (previous: T | null) => T | null };

export const initialData: DataState<never> = { data: null, loading: true, error: '' };

export function dataReducer<T>(state: DataState<T>, event: DataEvent<T>): DataState<T> {
  switch (event.type) {
    case 'start':
      // A fresh source shows "Loading" alone; a reload keeps the rows (and the focus inside them).
      return { data: event.fresh ? null : state.data, loading: true, error: '' };
    case 'loaded':
      return { data: event.data, loading: false, error: '' };
    case 'failed':
      return { ...state, loading: false, error: event.error };
    case 'set':
      return { ...state, data: event.update(state.data) };
  }
}

export interface PagedState<T, P extends Page<T>> extends DataState<P> {
  /** Every item of the pages shown so far. */
  items: T[];
  moreLoading: boolean;
  moreError: string;
}

export type PagedEvent<T, P extends Page<T>> =
  | DataEvent<P>
  | { type: 'more-start' }
  | { type: 'more-loaded'; page: P }
  | { type: 'more-failed'; error: string }
  | { type: 'set-items'; update: (previous: T[]) => T[] };

export const initialPaged: PagedState<never, Page<never>> = { data: null, items: [], loading: true, error: '', moreLoading: false, moreError: '' };

export function pagedReducer<T, P extends Page<T>>(state: PagedState<T, P>, event: PagedEvent<T, P>): PagedState<T, P> {
  switch (event.type) {
    case 'start':
      return { ...state, ...dataReducer(state, event), items: event.fresh ? [] : state.items, moreLoading: false, moreError: '' };
    case 'loaded':
      return { ...state, ...dataReducer(state, event), items: event.data.items };
    case 'failed':
      return { ...state, ...dataReducer(state, event) };
    case 'set': {
      const data = event.update(state.data);
      return { ...state, data, items: data?.items ?? [] };
    }
    case 'more-start':
      return { ...state, moreLoading: true, moreError: '' };
    case 'more-loaded':
      // The newest page's own fields (its cursor, the server's "now") replace the old ones.
      return { ...state, data: event.page, items: [...state.items, ...event.page.items], moreLoading: false };
    case 'more-failed':
      return { ...state, moreLoading: false, moreError: event.error };
    case 'set-items':
      return { ...state, items: event.update(state.items) };
  }
}
