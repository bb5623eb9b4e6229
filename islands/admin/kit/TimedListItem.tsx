import type { ReactNode } from 'react';
import { useDates } from './use-dates';

/**
 * One entry of the admin's short lists (newest messages and portfolio items, a lead's history,
 * what is held for an address): what it is on the left, when it happened on the right, in the
 * agency's time zone. `before` is anything shown ahead of the text, such as the sender's initial.
 */
export function TimedListItem({ at, before, children }: { at: string; before?: ReactNode; children: ReactNode }) {
  const { formatDateTime } = useDates();
  return (
    <li className="admin-list__item">
      {before}
      <div className="admin-list__main">{children}</div>
      <time className="admin-muted admin-list__time" dateTime={at}>
        {formatDateTime(at)}
      </time>
    </li>
  );
}
