import { useState } from 'react';
import { isLeadType, LEAD_TYPE_LABELS, LEAD_TYPES, type LeadType } from '../../shared/form-types';
import type { LeadListItem } from '../../shared/leads';
import { senderInSentence, senderName } from '../../shared/lead-facts';
import { RESPONDED_STATUS, TASK_SECTION_LABELS, TASK_SECTIONS, dueText, isOverdue, taskCountText, type TaskCounts, type TaskPage, type TaskSection } from '../../shared/reply-queue';
import { useDashboard } from './context';
import { leadsApi } from './leads-api';
import { tasksApi } from './tasks-api';
import { type Column, errorText, Field, LoadStatus, Options, PagedTable, type PagedData, useData, usePagedData } from './kit';
import { counted, truncate } from './text';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';

type Selection = Record<TaskSection, ReadonlySet<string>>;
const NOTHING_SELECTED: Selection = { overdue: new Set(), today: new Set(), later: new Set() };

/** A section's tasks inside a sentence ("Loading the tasks due today…"). */
const TASKS_OF: Record<TaskSection, string> = { overdue: 'overdue tasks', today: 'tasks due today', later: 'tasks due later' };

const EMPTY_TEXT: Record<TaskSection, string> = {
  overdue: 'Nothing overdue: every waiting message is within its promised reply time.',
  today: 'Nothing else falls due today.',
  later: 'Nothing falls due after today.',
};

/** One section's pages, of one form or all (the server orders each: overdue most recently due first). */
function useTaskSection(section: TaskSection, type: LeadType | undefined): PagedData<LeadListItem, TaskPage> {
  const { api } = useDashboard();
  return usePagedData((cursor) => tasksApi(api).page(section, { type, cursor }), {
    key: `${section}:${type ?? ''}`,
    fallback: `Failed to load the ${TASKS_OF[section]}.`,
    moreFallback: 'Failed to load more tasks.',
  });
}

/**
 * Tasks: the reply queue in three sections (overdue, due today in the agency's time zone, later)
 * with the server's counts, worded as the sidebar's badge and the dashboard word them, a form
 * filter kept in the URL, and "Mark responded" for one message or every selected one at once.
 */
export function TasksView({ type }: { type?: LeadType }) {
  const { api, navigate, notify, leadsChanged } = useDashboard();
  const counts = useData<TaskCounts>((client) => tasksApi(client).counts(type), 'Failed to count the tasks.', `counts:${type ?? ''}`);
  const sections: Record<TaskSection, PagedData<LeadListItem, TaskPage>> = {
    overdue: useTaskSection('overdue', type),
    today: useTaskSection('today', type),
    later: useTaskSection('later', type),
  };
  const [selected, setSelected] = useState<Selection>(NOTHING_SELECTED);
  const [working, setWorking] = useState<ReadonlySet<string>>(new Set());
  const selectedIds = TASK_SECTIONS.flatMap((section) => [...selected[section]]);

  /** Takes answered leads off the lists shown, then asks the server again for counts (and the badge). */
  const answered = (ids: ReadonlySet<string>) => {
    for (const section of TASK_SECTIONS) sections[section].setItems((items) => items.filter((lead) => !ids.has(lead._id)));
    const keep = (chosen: ReadonlySet<string>) => new Set([...chosen].filter((id) => !ids.has(id)));
    setSelected((current) => ({ overdue: keep(current.overdue), today: keep(current.today), later: keep(current.later) }));
    counts.reload();
    leadsChanged();
  };

  const markOne = async (lead: LeadListItem) => {
    setWorking(new Set([lead._id]));
    try {
      await leadsApi(api).setStatus(lead.type, lead._id, RESPONDED_STATUS[lead.type]);
      answered(new Set([lead._id]));
      notify({ tone: 'success', text: `Marked the message from ${senderInSentence(lead)} as responded.` });
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'Failed to update the message.') });
    } finally {
      setWorking(new Set());
    }
  };

  const markSelected = async () => {
    const ids = new Set(selectedIds);
    setWorking(ids);
    try {
      // One call for every selected lead: each gets its own form's answered status (a quote: Quoted).
      const changed = await leadsApi(api).bulk('responded', [...ids]);
      answered(ids);
      // Pages shown may now be short of leads the server still has: read them again.
      for (const section of TASK_SECTIONS) sections[section].reload();
      notify({ tone: 'success', text: `Marked ${counted(changed, 'message')} as responded.` });
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'Failed to update the selected messages.') });
    } finally {
      setWorking(new Set());
    }
  };

  const figures = counts.data;
  return (
    <>
      <ViewHeading title="Tasks">
        <p className="admin-view__lead">Messages waiting for a first reply, the most urgent first.</p>
      </ViewHeading>
      <div className="admin-card admin-filters admin-tasks__filters">
        <Field label="Form">
          <select
            className="admin-select"
            value={type ?? ''}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setSelected(NOTHING_SELECTED);
              navigate(isLeadType(next) ? { name: 'tasks', type: next } : { name: 'tasks' });
            }}
          >
            <Options values={LEAD_TYPES} label={(form) => LEAD_TYPE_LABELS[form]} none="All forms" />
          </select>
        </Field>
        <p className="admin-tasks__summary" aria-live="polite">
          {figures && (figures.open === 0 ? 'Nothing is waiting for a reply.' : `${taskCountText(figures.open)} waiting for a reply${type ? ` (${LEAD_TYPE_LABELS[type]})` : ''}.`)}
        </p>
      </div>
      <LoadStatus of={counts} loadingText="Counting the tasks…" />

      {selectedIds.length > 0 && (
        <div className="admin-bulk" role="group" aria-label="Actions on the selected tasks">
          <span className="admin-bulk__count">{selectedIds.length} selected</span>
          <button type="button" className="admin-button admin-button--small" disabled={working.size > 0} onClick={() => void markSelected()}>
            Mark responded
          </button>
          <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={working.size > 0} onClick={() => setSelected(NOTHING_SELECTED)}>
            Clear selection
          </button>
        </div>
      )}

      {TASK_SECTIONS.map((section) => (
        <TaskSectionList
          key={section}
          section={section}
          list={sections[section]}
          count={figures ? figures[section] : null}
          selected={selected[section]}
          onSelect={(ids) => setSelected((current) => ({ ...current, [section]: ids }))}
          working={working}
          onMark={(lead) => void markOne(lead)}
        />
      ))}
    </>
  );
}

interface TaskSectionListProps {
  section: TaskSection;
  list: PagedData<LeadListItem, TaskPage>;
  /** The server's count of the whole section (not only the rows loaded), or null until it comes. */
  count: number | null;
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  /** Leads being marked responded right now. */
  working: ReadonlySet<string>;
  onMark: (lead: LeadListItem) => void;
}

function TaskSectionList({ section, list, count, selected, onSelect, working, onMark }: TaskSectionListProps) {
  const label = TASK_SECTION_LABELS[section];
  const headingId = `tasks-${section}`;
  // Due times are worded against the server's clock, which also drew the sections' lines.
  const now = list.data ? new Date(list.data.now) : new Date();
  const columns: Column<LeadListItem>[] = [
    {
      key: 'due',
      header: 'Due',
      className: 'admin-table__nowrap',
      cell: (lead) => {
        if (!lead.dueAt) return null;
        const due = new Date(lead.dueAt);
        return (
          <span className={isOverdue(due, now) ? 'admin-task__due admin-task__due--late' : 'admin-task__due'}>
            <time dateTime={lead.dueAt}>{dueText(due, now)}</time>
          </span>
        );
      },
    },
    {
      key: 'from',
      header: 'From',
      rowHeader: true,
      cell: (lead) => (
        <ViewLink to={{ name: 'lead', type: lead.type, id: lead._id }} className="admin-leads__sender">
          {senderName(lead)}
        </ViewLink>
      ),
    },
    { key: 'form', header: 'Form', cell: (lead) => LEAD_TYPE_LABELS[lead.type] },
    { key: 'message', header: 'Message', className: 'admin-table__long', cell: (lead) => truncate(lead.summary, 90) },
    {
      key: 'actions',
      header: 'Actions',
      phoneLabel: '',
      className: 'admin-table__manage',
      cell: (lead) => {
        return (
          <div className="admin-table__manage-inner">
            <TaskReply lead={lead} />
            <button type="button" className="admin-button admin-button--small" disabled={working.has(lead._id)} onClick={() => onMark(lead)}>
              Mark responded<span className="visually-hidden"> (message from {senderInSentence(lead)})</span>
            </button>
          </div>
        );
      },
    },
  ];
  return (
    <section className="admin-tasks__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-card__title">
        {label}
        {count !== null && <span className={section === 'overdue' && count > 0 ? 'admin-tasks__count admin-tasks__count--late' : 'admin-tasks__count'}>{taskCountText(count)}</span>}
      </h2>
      <PagedTable
        of={list}
        loadingText={`Loading the ${TASKS_OF[section]}…`}
        label={`${label} tasks`}
        className="admin-tasks"
        columns={columns}
        rowKey={(lead) => lead._id}
        rowClassName={() => 'admin-task'}
        empty={EMPTY_TEXT[section]}
        busy={list.loading}
        selection={{
          selected,
          onChange: onSelect,
          allLabel: `Select all the ${TASKS_OF[section]} shown`,
          rowLabel: (lead) => `Select the message from ${senderInSentence(lead)}`,
        }}
      />
    </section>
  );
}

/**
 * A task's "Reply": the lead's page opened at its composer, so the answer is threaded on the lead
 * and stops its reply clock (a lead without an address has none).
 */
export function TaskReply({ lead }: { lead: Pick<LeadListItem, '_id' | 'type' | 'email' | 'name'> }) {
  if (!lead.email) return null;
  return (
    <ViewLink to={{ name: 'lead', type: lead.type, id: lead._id, reply: true }} className="admin-button admin-button--ghost admin-button--small">
      Reply<span className="visually-hidden"> to {senderInSentence(lead)}</span>
    </ViewLink>
  );
}
