import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatBudget } from '../../shared/forms';
import { SEARCH_LENGTH, SEARCH_MESSAGES } from '../../shared/search';
import { PROJECT_STAGE_LABELS, PROJECT_STAGES, isProjectStage, type ProjectFilters, type ProjectJson, type ProjectStage } from '../../shared/projects';
import { ApiError } from './api';
import { useDashboard } from './context';
import { formatSubmittedAt } from './text';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';
import { Failed, Loading } from './LoadStatus';
import { queryOfProjectFilters } from './views';

type ListState = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; items: ProjectJson[]; nextCursor: string | null; loadingMore: boolean };

/**
 * Projects: the quote requests whose status is Accepted, a page at a time (newest request first,
 * "Show more" continues by cursor), with their client, service, budget and dates, the stage of the
 * work (Accepted → In progress → Delivered) and a way to turn one into a portfolio item. The stage
 * filter and the search live in the URL, so reload, shared links and Back show the same list.
 */
export function ProjectsView({ filters }: { filters: ProjectFilters }) {
  const { api, navigate, notify } = useDashboard();
  const [list, setList] = useState<ListState>({ phase: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [moving, setMoving] = useState<string | null>(null);
  const captionId = useId();
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  const filterKey = queryOfProjectFilters(filters);
  const narrowed = filterKey !== '';

  useEffect(() => {
    let current = true;
    setList({ phase: 'loading' });
    api.listProjects(filters, null).then(
      ({ items, nextCursor }) => current && setList({ phase: 'ready', items, nextCursor, loadingMore: false }),
      (error: unknown) => current && setList({ phase: 'error', message: error instanceof ApiError && error.fromServer ? error.message : 'Failed to load the projects.' }),
    );
    return () => {
      current = false;
    };
    // The filters are compared by their query string; a new object with the same filters is the same list.
  }, [api, filterKey, reloads]);

  const loadMore = async () => {
    if (list.phase !== 'ready' || !list.nextCursor) return;
    setList({ ...list, loadingMore: true });
    try {
      const page = await api.listProjects(filters, list.nextCursor);
      setList({ phase: 'ready', items: [...list.items, ...page.items], nextCursor: page.nextCursor, loadingMore: false });
    } catch {
      setList({ ...list, loadingMore: false });
      notify({ tone: 'error', text: 'Failed to load more projects.' });
    }
  };

  // The moved row stays in view even when the stage filter no longer matches it, so the change is seen; the next load leaves it out.
  const move = async (project: ProjectJson, stage: ProjectStage) => {
    setMoving(project._id);
    try {
      const updated = await api.setProjectStage(project._id, stage);
      setList((previous) => (previous.phase === 'ready' ? { ...previous, items: previous.items.map((entry) => (entry._id === updated._id ? updated : entry)) } : previous));
      notify({ tone: 'success', text: `${clientOf(project)}: ${PROJECT_STAGE_LABELS[stage]}.` });
    } catch (error) {
      notify({ tone: 'error', text: error instanceof Error ? error.message : 'Failed to move the project.' });
    } finally {
      setMoving(null);
    }
  };

  return (
    <>
      <ViewHeading title="Projects">
        <p className="admin-view__lead">Won work: every quote request marked Accepted. Move each through its stages as the work goes on.</p>
      </ViewHeading>
      <ProjectFilterForm key={filterKey} filters={filters} onApply={(next) => navigate({ name: 'projects', filters: next })} />
      {list.phase === 'loading' && <Loading>Loading projects…</Loading>}
      {list.phase === 'error' && <Failed message={list.message} onRetry={reload} />}
      {list.phase === 'ready' && list.items.length === 0 && (
        <p className="admin-card admin-empty">
          {narrowed ? (
            'No projects match these filters.'
          ) : (
            <>
              No projects yet. A quote request becomes one when its status is set to Accepted in{' '}
              <ViewLink to={{ name: 'messages', filters: { type: 'quote' } }}>Messages</ViewLink>.
            </>
          )}
        </p>
      )}
      {list.phase === 'ready' && list.items.length > 0 && (
        <>
          <div className="admin-table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
            <table className="admin-table">
              <caption id={captionId} className="visually-hidden">
                Projects, newest request first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Client</th>
                  <th scope="col">Service</th>
                  <th scope="col">Budget</th>
                  <th scope="col">Requested</th>
                  <th scope="col">Stage</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((project) => (
                  <ProjectRow key={project._id} project={project} busy={moving === project._id} onMove={(stage) => void move(project, stage)} />
                ))}
              </tbody>
            </table>
          </div>
          {list.nextCursor && (
            <p className="admin-pagination">
              <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={list.loadingMore} onClick={() => void loadMore()}>
                {list.loadingMore ? 'Loading…' : 'Show more'}
              </button>
            </p>
          )}
        </>
      )}
    </>
  );
}

const clientOf = (project: Pick<ProjectJson, 'company' | 'name'>) => project.company?.trim() || project.name;

function ProjectRow({ project, busy, onMove }: { project: ProjectJson; busy: boolean; onMove: (stage: ProjectStage) => void }) {
  const stageId = useId();
  return (
    <tr>
      {/* One box per cell: on phones each cell is a label beside its content. */}
      <td data-label="Client">
        <div>
          <strong>{clientOf(project)}</strong>
          {project.company && <span className="admin-leads__email">{project.name}</span>}
          <span className="admin-leads__email">{project.email}</span>
        </div>
      </td>
      <td data-label="Service">
        <div>
          {project.service}
          <span className="admin-leads__email">{project.timeline}</span>
        </div>
      </td>
      <td data-label="Budget" className="admin-table__nowrap">
        {formatBudget(project.budget)}
      </td>
      <td data-label="Requested" className="admin-table__date">
        {formatSubmittedAt(project.requestedAt)}
      </td>
      <td data-label="Stage">
        <div>
          <label htmlFor={stageId} className="visually-hidden">
            Stage of {clientOf(project)}
          </label>
          <select id={stageId} className="admin-select" value={project.stage} disabled={busy} onChange={(event) => onMove(event.target.value as ProjectStage)}>
            {PROJECT_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {PROJECT_STAGE_LABELS[stage]}
              </option>
            ))}
          </select>
          {project.stageChangedAt && <span className="admin-leads__email">since {formatSubmittedAt(project.stageChangedAt)}</span>}
        </div>
      </td>
      <td data-label="Actions">
        <div className="admin-projects__actions">
          {/* Opens the won quote request in Messages; its name says so, beginning with the words it shows. */}
          <ViewLink to={{ name: 'lead', type: 'quote', id: project._id }} className="admin-button admin-button--ghost admin-button--small">
            Original request<span className="visually-hidden"> (the quote from {clientOf(project)})</span>
          </ViewLink>
          <ViewLink to={{ name: 'portfolio', fromProject: project._id }} className="admin-button admin-button--small">
            Create portfolio item<span className="visually-hidden"> for {clientOf(project)}</span>
          </ViewLink>
        </div>
      </td>
    </tr>
  );
}

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
      <div className="admin-field">
        <label htmlFor={`${id}-q`}>Search</label>
        <input
          ref={searchRef}
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={filters.q ?? ''}
          maxLength={SEARCH_LENGTH.max}
          placeholder="Client, company, e-mail, details…"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-q-hint${error ? ` ${id}-q-error` : ''}`}
        />
        <p id={`${id}-q-hint`} className="admin-field__hint">
          At least {SEARCH_LENGTH.min} characters.
        </p>
        {error && (
          <p id={`${id}-q-error`} className="admin-field__error">
            {error}
          </p>
        )}
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-stage`}>Stage</label>
        <select id={`${id}-stage`} name="stage" className="admin-select" defaultValue={filters.stage ?? ''} onChange={(event) => apply(event.currentTarget.form)}>
          <option value="">Any stage</option>
          {PROJECT_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {PROJECT_STAGE_LABELS[stage]}
            </option>
          ))}
        </select>
      </div>
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
