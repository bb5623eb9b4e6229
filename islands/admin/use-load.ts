import { useData } from './kit/use-data';

/**
 * Loads a view's data once (and on `reload`); `error` holds the failure's message.
 * @deprecated The kit's `useData` (islands/admin/kit/use-data.ts) does this and more; kept for the views not moved yet.
 */
export function useLoad<T>(url: string, fallback: string): { data: T | null; error: string; reload: () => void } {
  const { data, error, reload } = useData<T>(url, fallback);
  return { data, error, reload };
}

/**
 * A time in UTC.
 * @deprecated Show times in the agency's zone with the kit's `useDates().formatDateTime`.
 */
export function formatWhen(iso: string | null): string {
  if (!iso) return 'Never';
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
}
