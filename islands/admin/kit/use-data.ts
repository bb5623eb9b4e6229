import { useCallback, useEffect, useReducer, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useDashboard } from '../context';
import type { DashboardApi } from '../api';
import { dataReducer, initialData, initialPaged, pagedReducer, type DataState, type Page, type PagedState } from './data-state';
import { errorText } from './errors';

export interface Loaded<T> {
  data: T | null;
  /** The first answer (or a reload's) is on its way. */
  loading: boolean;
  /** Why the last load failed: the server's message when it gave one, else the fallback. */
  error: string;
  /** Loads again; what is shown stays until the new answer replaces it. */
  reload: () => void;
  /** Changes the data shown (a row's own change) without asking the server. */
  setData: Dispatch<SetStateAction<T | null>>;
}

export type Source<T> = string | ((api: DashboardApi) => Promise<T>);

/**
 * Runs `load` whenever `key` changes or `reload` is called. An answer that arrives after the view
 * left (unmount) or after a newer request (another key, a reload) is dropped, so it never shows.
 */
function useLoader(key: string, version: unknown, load: () => Promise<void>, onStart: (fresh: boolean) => void): { reload: () => void; isCurrent: (ticket: number) => boolean; ticket: () => number } {
  const [round, setRound] = useState(0);
  const latest = useRef({ load, onStart });
  latest.current = { load, onStart };
  const ticketRef = useRef(0);
  const keyRef = useRef<string | null>(null);
  useEffect(() => {
    const fresh = keyRef.current !== key;
    keyRef.current = key;
    latest.current.onStart(fresh);
    void latest.current.load();
    return () => {
      // Leaving (or a newer request) makes every answer still on the way stale.
      ticketRef.current += 1;
    };
  }, [key, version, round]);
  return {
    reload: useCallback(() => setRound((value) => value + 1), []),
    isCurrent: useCallback((ticket: number) => ticket === ticketRef.current, []),
    ticket: useCallback(() => ticketRef.current, []),
  };
}

/**
 * A view's data: loaded when the view opens and again when `key` (by default the URL) changes.
 * `source` is an API path (GET) or a call of the dashboard's API. A change of `version` (say, a
 * count of changes made elsewhere) loads again like `reload`, keeping what is shown meanwhile.
 */
export function useData<T>(source: Source<T>, fallback: string, key: string = typeof source === 'string' ? source : '', version?: unknown): Loaded<T> {
  const { api } = useDashboard();
  const [state, dispatch] = useReducer(dataReducer<T>, initialData as DataState<T>);
  const loader = useLoader(
    key,
    version,
    async () => {
      const ticket = loader.ticket();
      try {
        const data = typeof source === 'string' ? await api.send<T>('GET', source, fallback) : await source(api);
        if (loader.isCurrent(ticket)) dispatch({ type: 'loaded', data });
      } catch (failure) {
        if (loader.isCurrent(ticket)) dispatch({ type: 'failed', error: errorText(failure, fallback) });
      }
    },
    (fresh) => dispatch({ type: 'start', fresh }),
  );
  const setData = useCallback<Dispatch<SetStateAction<T | null>>>(
    (next) => dispatch({ type: 'set', update: typeof next === 'function' ? (next as (previous: T | null) => T | null) : () => next }),
    [],
  );
  return { ...state, reload: loader.reload, setData };
}

export interface MoreState {
  /** Another page exists. */
  available: boolean;
  loading: boolean;
  /** Why the last "Show more" failed (the pages shown stay). */
  error: string;
  load: () => void;
}

export interface PagedData<T, P extends Page<T>> extends Omit<Loaded<P>, 'setData'> {
  /** The items of every page shown so far. */
  items: T[];
  /** Changes the items shown (a row's own change) without asking the server. */
  setItems: Dispatch<SetStateAction<T[]>>;
  more: MoreState;
}

/**
 * A list the server answers a page at a time (`{ items, nextCursor }`): the first page loads when
 * the view opens and whenever `key` (the filters) changes; `more.load` appends the next one.
 * The item type comes from the page type `loadPage` answers with.
 */
export function usePagedData<P extends Page<unknown>>(loadPage: (cursor: string | null) => Promise<P>, options: { key: string; fallback: string; moreFallback?: string }): PagedData<P['items'][number], P> {
  return usePages<P['items'][number], P>(loadPage, options);
}

function usePages<T, P extends Page<T>>(loadPage: (cursor: string | null) => Promise<P>, { key, fallback, moreFallback = fallback }: { key: string; fallback: string; moreFallback?: string }): PagedData<T, P> {
  const [state, dispatch] = useReducer(pagedReducer<T, P>, initialPaged as unknown as PagedState<T, P>);
  const stateRef = useRef(state);
  stateRef.current = state;
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;
  const loader = useLoader(
    key,
    undefined,
    async () => {
      const ticket = loader.ticket();
      try {
        const page = await loadRef.current(null);
        if (loader.isCurrent(ticket)) dispatch({ type: 'loaded', data: page });
      } catch (failure) {
        if (loader.isCurrent(ticket)) dispatch({ type: 'failed', error: errorText(failure, fallback) });
      }
    },
    (fresh) => dispatch({ type: 'start', fresh }),
  );

  const loadMore = useCallback(async () => {
    const cursor = stateRef.current.data?.nextCursor;
    if (!cursor || stateRef.current.moreLoading) return;
    const ticket = loader.ticket();
    dispatch({ type: 'more-start' });
    try {
      const page = await loadRef.current(cursor);
      if (loader.isCurrent(ticket)) dispatch({ type: 'more-loaded', page });
    } catch (failure) {
      if (loader.isCurrent(ticket)) dispatch({ type: 'more-failed', error: errorText(failure, moreFallback) });
    }
  }, [loader.ticket, loader.isCurrent, moreFallback]);

  const setItems = useCallback<Dispatch<SetStateAction<T[]>>>(
    (next) => dispatch({ type: 'set-items', update: typeof next === 'function' ? next : () => next }),
    [],
  );
  return {
    data: state.data,
    items: state.items,
    loading: state.loading,
    error: state.error,
    reload: loader.reload,
    setItems,
    more: { available: Boolean(state.data?.nextCursor), loading: state.moreLoading, error: state.moreError, load: () => void loadMore() },
  };
}
