import type { ReactNode } from 'react';

interface ViewHeadingProps {
  title: string;
  /** Buttons beside the heading (for example Add Portfolio). */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * A view's heading. Focusable (tabindex -1) so that switching views can move focus to it and a
 * screen reader announces the new view (WCAG 2.4.3).
 */
export function ViewHeading({ title, actions, children }: ViewHeadingProps) {
  return (
    <div className="admin-view__head">
      <div>
        <h1 className="admin-view__title" tabIndex={-1} data-view-heading>
          {title}
        </h1>
        {children}
      </div>
      {actions && <div className="admin-view__actions">{actions}</div>}
    </div>
  );
}
