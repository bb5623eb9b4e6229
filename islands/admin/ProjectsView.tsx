import { useCallback, useEffect, useId, useState } from 'react';
import { formatBudget } from '../../shared/forms';
import { PROJECT_STAGE_LABELS, PROJECT_STAGES, type ProjectJson, type ProjectStage } from '../../shared/projects';
import { useDashboard } from './context';
import { formatSubmittedAt } from './text';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';
import { Failed, Loading } from './LoadStatus';

type ListState = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; projects: ProjectJson[] };

/**
 * Projects: every quote request whose status is Accepted, with its client, service, budget and
 * dates, the stage of the work (Accepted → In progress → Delivered) and a way to turn it into a
 * portfolio item.
 */
export function ProjectsView() {
  const { api, notify } = useDashboard();
  const [list, setList] = useState<ListState>({ phase: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [moving, setMoving] = useState<string | null>(null);
  const captionId = useId();
  const reload = useCallback(() => setReloads((count) => count + 1), []);

  useEffect(() => {
    let current = true;
    api.listProjects({}, null).then(
      ({ items }) => current && setList({ phase: 'ready', projects: items }),
      (error: unknown) => current && setList({ phase: 'error', message: error instanceof Error ? error.message : 'Failed to load the projects.' }),
    );
    return () => {
      current = false;
    };
  }, [api, reloads]);

  const move = async (project: ProjectJson, stage: ProjectStage) => {
    setMoving(project._id);
    try {
      const updated = await api.setProjectStage(project._id, stage);
      setList((previous) => (previous.phase === 'ready' ? { phase: 'ready', projects: previous.projects.map((entry) => (entry._id === updated._id ? updated : entry)) } : previous));
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
      {list.phase === 'loading' && (
        <Loading>Loading projects…</Loading>
      )}
      {list.phase === 'error' && (
        <Failed message={list.message} onRetry={reload} />
      )}
      {list.phase === 'ready' && list.projects.length === 0 && (
        <p className="admin-card admin-empty">
          No projects yet. A quote request becomes one when its status is set to Accepted in{' '}
          <ViewLink to={{ name: 'messages', filters: { type: 'quote' } }}>Messages</ViewLink>.
        </p>
      )}
      {list.phase === 'ready' && list.projects.length > 0 && (
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
              {list.projects.map((project) => (
                <ProjectRow key={project._id} project={project} busy={moving === project._id} onMove={(stage) => void move(project, stage)} />
              ))}
            </tbody>
          </table>
        </div>
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
          <ViewLink to={{ name: 'lead', type: 'quote', id: project._id }} className="admin-button admin-button--ghost admin-button--small">
            Request<span className="visually-hidden"> of {clientOf(project)}</span>
          </ViewLink>
          <ViewLink to={{ name: 'portfolio', fromProject: project._id }} className="admin-button admin-button--small">
            Create portfolio item<span className="visually-hidden"> for {clientOf(project)}</span>
          </ViewLink>
        </div>
      </td>
    </tr>
  );
}
