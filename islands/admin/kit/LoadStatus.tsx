import type { ReactNode } from 'react';

/** What a view says while its data is on the way (announced politely by screen readers). */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="admin-card admin-loading" role="status">
      {children}
    </p>
  );
}

/** A failure with the way to try again (announced at once). */
export function Failed({ message, onRetry, retryLabel = 'Retry' }: { message: string; onRetry: () => void; retryLabel?: string }) {
  return (
    <div className="admin-error" role="alert">
      <p>{message}</p>
      <button type="button" className="admin-button admin-button--small" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

interface LoadStatusProps {
  /** A `useData` / `usePagedData` result. */
  of: { data: unknown; loading: boolean; error: string; reload: () => void };
  /** What is on the way ("Loading the accounts…"). */
  loadingText: string;
}

/**
 * The one way a view shows its data's state: "Loading…" until the first answer (a reload keeps
 * the rows shown instead), and a failure with Retry. Renders nothing once the data is there.
 */
export function LoadStatus({ of: { data, loading, error, reload }, loadingText }: LoadStatusProps) {
  if (error) return <Failed message={error} onRetry={reload} />;
  if (loading && data === null) return <Loading>{loadingText}</Loading>;
  return null;
}
