import { useCallback, useEffect, useState } from 'react';
import { useDashboard } from './context';

/** Loads a view's data once (and on `reload`); `error` holds the failure's message. */
export function useLoad<T>(url: string, fallback: string): { data: T | null; error: string; reload: () => void } {
  const { api } = useDashboard();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    api
      .send<T>('GET', url, fallback)
      .then((body) => live && (setData(body), setError('')))
      .catch((failure: unknown) => live && setError(failure instanceof Error ? failure.message : fallback));
    return () => {
      live = false;
    };
  }, [api, url, fallback, round]);
  return { data, error, reload: useCallback(() => setRound((value) => value + 1), []) };
}

export function formatWhen(iso: string | null): string {
  if (!iso) return 'Never';
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
}
