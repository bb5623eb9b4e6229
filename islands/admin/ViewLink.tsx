import type { MouseEvent, ReactNode } from 'react';
import { useDashboard } from './context';
import { pathOfView, type DashboardView } from './views';

interface ViewLinkProps {
  to: DashboardView;
  className?: string;
  current?: boolean;
  title?: string;
  children: ReactNode;
}

/**
 * A real link to a dashboard view (it works before hydration and opens in a new tab with a
 * modifier key); a plain click switches the view in the page with `history.pushState`.
 */
export function ViewLink({ to, className, current, title, children }: ViewLinkProps) {
  const { navigate } = useDashboard();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={pathOfView(to)} className={className} aria-current={current ? 'page' : undefined} title={title} onClick={onClick}>
      {children}
    </a>
  );
}
