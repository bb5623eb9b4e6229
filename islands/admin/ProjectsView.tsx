import { useId, useRef, useState, type FormEvent } from 'react';
import { formatBudget } from '../../shared/forms';
import { SEARCH_LENGTH, SEARCH_MESSAGES } from '../../shared/search';
import { PROJECT_STAGE_LABELS, PROJECT_STAGES, isProjectStage, type ProjectFilters, type ProjectJson, type ProjectStage } from '../../shared/projects';
import { useDashboard } from './context';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';
import { queryOfProjectFilters } from './project-filters';
import { projectsApi } from './projects-api';
import { type Column, errorText, Field, Options, PagedTable, useDates, usePagedData } from './kit';

/**
 * Projects: the quote requests whose status is Accepted, a page at a time (newest request first,
 * "Show more" continues by cursor), with their client, service, budget and dates, the stage of the
 * work (Accepted → In progress → Delivered) and a way to turn one into a portfolio item. The stage
 * filter and the search live in the URL, so reload, shared links and Back show the same list.
 */
export function ProjectsView({ filters }: { filters: ProjectFilters }) {
  const { api, navigate, notify } = useDashboard();
  const { formatDateTime } = useDates();
  const [moving, setMoving] = useState<string | null>(null);
  // The filters are compared by their query string; a new object with the same filters is the same list.
  const filterKey = queryOfProjectFilters(filters);
  const projects = usePagedData((cursor) => projectsApi(api).list(filters, cursor), { key: filterKey, fallback: 'Failed to load the projects.', moreFallback: 'Failed to load more projects.' });

  // The moved row stays in view even when the stage filter no longer matches it, so the change is seen; the next load leaves it out.
  const move = async (project: ProjectJson, stage: ProjectStage) => {
    setMoving(project._id);
    try {
      const updated = await projectsApi(api).setStage(project._id, stage);
      projects.setItems((items) => items.map((entry) => (entry._id === updated._id ? updated : entry)));
      notify({ tone: 'success', text: `${clientOf(project)}: ${PROJECT_STAGE_LABELS[stage]}.` });
    } catch (error) {
      notify({ tone: 'error', text: errorText(error, 'Failed to move the project.') });
    } finally {
      setMoving(null);
    }
  };

  const columns: Column<ProjectJson>[] = [
    {
      key: 'client',
      header: 'Client',
      rowHeader: true,
      // One box per cell: on phones each cell is a label beside its content.
      cell: (project) => (
        <div>
          <strong>{clientOf(project)}</strong>
          {project.company && <span className="admin-leads__email">{project.name}</span>}
          <span className="admin-leads__email">{project.email}</span>
        </div>
      ),
    },
    {
      key: 'service',
      header: 'Service',
      cell: (project) => (
        <div>
          {project.service}
          <span className="admin-leads__email">{project.timeline}</span>
        </div>
      ),
    },
    { key: 'budget', header: 'Budget', className: 'admin-table__nowrap', cell: (project) => formatBudget(project.budget) },
    { key: 'requested', header: 'Requested', className: 'admin-table__date', cell: (project) => <time dateTime={project.requestedAt}>{formatDateTime(project.requestedAt)}</time> },
    {
      key: 'stage',
      header: 'Stage',
      cell: (project) => (
        <div>
          <select className="admin-select" aria-label={`Stage of ${clientOf(project)}`} value={project.stage} disabled={moving === project._id} onChange={(event) => void move(project, event.target.value as ProjectStage)}>
            <Options values={PROJECT_STAGES} label={(stage) => PROJECT_STAGE_LABELS[stage]} />
          </select>
          {project.stageChangedAt && <span className="admin-leads__email">since {formatDateTime(project.stageChangedAt)}</span>}
        </div>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (project) => (
        <div className="admin-projects__actions">
          {/* Opens the won quote request in Messages; its name says so, beginning with the words it shows. */}
          <ViewLink to={{ name: 'lead', type: 'quote', id: project._id }} className="admin-button admin-button--ghost admin-button--small">
            Original request<span className="visually-hidden"> (the quote from {clientOf(project)})</span>
          </ViewLink>
          <ViewLink to={{ name: 'portfolio', fromProject: project._id }} className="admin-button admin-button--small">
            Create portfolio item<span className="visually-hidden"> for {clientOf(project)}</span>
          </ViewLink>
        </div>
      ),
    },
  ];

  return (
    <>
      <ViewHeading title="Projects">
        <p className="admin-view__lead">Won work: every quote request marked Accepted. Move each through its stages as the work goes on.</p>
      </ViewHeading>
      <ProjectFilterForm key={filterKey} filters={filters} onApply={(next) => navigate({ name: 'projects', filters: next })} />
      <PagedTable
        of={projects}
        loadingText="Loading projects…"
        label="Projects, newest request first"
        columns={columns}
        rowKey={(project) => project._id}
        busy={moving !== null}
        empty={
          filterKey !== '' ? (
            'No projects match these filters.'
          ) : (
            <>
              No projects yet. A quote request becomes one when its status is set to Accepted in{' '}
              <ViewLink to={{ name: 'messages', filters: { type: 'quote' } }}>Messages</ViewLink>.
            </>
          )
        }
      />
    </>
  );
}

const clientOf = (project: Pick<ProjectJson, 'company' | 'name'>) => project.company?.trim() || project.name;

/**
 * The search and the stage: the stage applies at once, the search on "Search". A search shorter
 * than the API takes is refused here, with the API's own words, instead of a round trip for a 400.
 */
function ProjectFilterForm({ filters, onApply }: { filters: ProjectFilters; onApply: (filters: ProjectFilters) => void }) {
  const id = useId();
  const [error, setError] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const read = (form: HTMLFormElement): ProjectFilters | null => {
    const data = new FormData(form);
    const q = String(data.get('q') ?? '').trim();
    const stage = String(data.get('stage') ?? '');
    if (q.length > 0 && q.length < SEARCH_LENGTH.min) {
      setError(SEARCH_MESSAGES.tooShort);
      searchRef.current?.focus();
      return null;
    }
    setError('');
    return { stage: isProjectStage(stage) ? stage : undefined, q: q || undefined };
  };
  const apply = (form: HTMLFormElement | null) => {
    const next = form && read(form);
    if (next) onApply(next);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  return (
    <form className="admin-card admin-filters" onSubmit={submit} aria-label="Filter projects" noValidate>
      <Field label="Search" hint={`At least ${SEARCH_LENGTH.min} characters.`} error={error}>
        <input ref={searchRef} id={`${id}-q`} name="q" type="search" defaultValue={filters.q ?? ''} maxLength={SEARCH_LENGTH.max} placeholder="Client, company, e-mail, details…" />
      </Field>
      <Field label="Stage">
        <select id={`${id}-stage`} name="stage" className="admin-select" defaultValue={filters.stage ?? ''} onChange={(event) => apply(event.currentTarget.form)}>
          <Options values={PROJECT_STAGES} label={(stage) => PROJECT_STAGE_LABELS[stage]} none="Any stage" />
        </select>
      </Field>
      <div className="admin-filters__actions">
        <button type="submit" className="admin-button admin-button--small">
          Search
        </button>
        <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => onApply({})}>
          Clear
        </button>
      </div>
    </form>
  );
}
