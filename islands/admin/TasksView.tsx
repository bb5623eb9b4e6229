import { useCallback, useEffect, useState } from 'react';
import { FORM_TYPE_LABELS } from '../../shared/form-types';
import type { LeadListItem } from '../../shared/leads';
import { replyLink, senderInSentence, senderName } from '../../shared/lead-facts';
import { RESPONDED_STATUS, dueText, isOverdue } from '../../shared/reply-queue';
import { ApiError } from './api';
import { useDashboard } from './context';
import { counted, truncate } from './text';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';

type QueueState =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'ready'; items: LeadListItem[]; nextCursor: string | null; now: Date; loadingMore: boolean };

/**
 * Tasks: the reply queue. Every lead nobody has answered yet, soonest due first (overdue ones at
 * the top), with its due time in words, a reply link and "Mark responded", which takes it off.
 */
export function TasksView() {
  const { api, notify, leadsChanged } = useDashboard();
  const [queue, setQueue] = useState<QueueState>({ phase: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [working, setWorking] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setQueue({ phase: 'loading' });
    api.tasks(null).then(
      (page) => current && setQueue({ phase: 'ready', items: page.items, nextCursor: page.nextCursor, now: new Date(page.now), loadingMore: false }),
      (error: unknown) => current && setQueue({ phase: 'error', message: error instanceof ApiError && error.fromServer ? error.message : 'Failed to load the tasks.' }),
    );
    return () => {
      current = false;
    };
  }, [api, reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  const loadMore = async () => {
    if (queue.phase !== 'ready' || !queue.nextCursor) return;
    setQueue({ ...queue, loadingMore: true });
    try {
      const page = await api.tasks(queue.nextCursor);
      setQueue({ phase: 'ready', items: [...queue.items, ...page.items], nextCursor: page.nextCursor, now: new Date(page.now), loadingMore: false });
    } catch {
      setQueue({ ...queue, loadingMore: false });
      notify({ tone: 'error', text: 'Failed to load more tasks.' });
    }
  };

  const markResponded = async (lead: LeadListItem) => {
    setWorking(lead._id);
    try {
      await api.setLeadStatus(lead.type, lead._id, RESPONDED_STATUS[lead.type]);
      setQueue((state) => (state.phase === 'ready' ? { ...state, items: state.items.filter((item) => item._id !== lead._id) } : state));
      notify({ tone: 'success', text: `Marked the message from ${senderInSentence(lead)} as responded.` });
      leadsChanged();
    } catch (error) {
      notify({ tone: 'error', text: error instanceof ApiError && error.fromServer ? error.message : 'Failed to update the message.' });
    } finally {
      setWorking(null);
    }
  };

  const overdue = queue.phase === 'ready' ? queue.items.filter((lead) => lead.dueAt && isOverdue(new Date(lead.dueAt), queue.now)).length : 0;
  return (
    <>
      <ViewHeading title="Tasks">
        <p className="admin-view__lead">Messages waiting for a first reply, the most urgent first.</p>
      </ViewHeading>
      {queue.phase === 'loading' && (
        <p className="admin-card admin-loading" role="status">
          Loading tasks…
        </p>
      )}
      {queue.phase === 'error' && (
        <div className="admin-error" role="alert">
          <p>{queue.message}</p>
          <button type="button" className="admin-button admin-button--small" onClick={reload}>
            Retry
          </button>
        </div>
      )}
      {queue.phase === 'ready' && queue.items.length === 0 && <p className="admin-card admin-empty">Every message has had its reply. Nothing is waiting.</p>}
      {queue.phase === 'ready' && queue.items.length > 0 && (
        <section className="admin-card" aria-labelledby="tasks-queue">
          <h2 id="tasks-queue" className="admin-card__title">
            {counted(queue.items.length, 'message')} waiting{overdue > 0 ? `, ${overdue} overdue` : ''}
            {queue.nextCursor ? ' (first page)' : ''}
          </h2>
          <ul className="admin-list admin-tasks">
            {queue.items.map((lead) => {
              const due = lead.dueAt ? new Date(lead.dueAt) : null;
              const late = due !== null && isOverdue(due, queue.now);
              const mailto = replyLink(lead);
              return (
                <li key={lead._id} className="admin-list__item admin-task">
                  <div className="admin-list__main">
                    {due && (
                      <span className={late ? 'admin-task__due admin-task__due--late' : 'admin-task__due'}>
                        <time dateTime={lead.dueAt!}>{dueText(due, queue.now)}</time>
                      </span>
                    )}
                    <ViewLink to={{ name: 'lead', type: lead.type, id: lead._id }} className="admin-leads__sender">
                      {senderName(lead)}
                    </ViewLink>
                    <span className="admin-muted">
                      {FORM_TYPE_LABELS[lead.type]}
                      {lead.summary ? ` · ${truncate(lead.summary, 90)}` : ''}
                    </span>
                  </div>
                  <div className="admin-task__actions">
                    {mailto && (
                      <a className="admin-button admin-button--ghost admin-button--small" href={mailto}>
                        Reply<span className="visually-hidden"> to {senderInSentence(lead)} by e-mail</span>
                      </a>
                    )}
                    <button type="button" className="admin-button admin-button--small" disabled={working === lead._id} onClick={() => void markResponded(lead)}>
                      Mark responded<span className="visually-hidden"> (message from {senderInSentence(lead)})</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          {queue.nextCursor && (
            <p className="admin-pagination">
              <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={queue.loadingMore} onClick={() => void loadMore()}>
                {queue.loadingMore ? 'Loading…' : 'Show more'}
              </button>
            </p>
          )}
        </section>
      )}
    </>
  );
}
