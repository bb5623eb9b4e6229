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
