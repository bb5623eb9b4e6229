import type { Knex } from 'knex';
import { findProjectRow, listProjectRows, setProjectStage } from '../db/projects';
import type { LeadRow } from '../db/tables';
import { isUuid } from '../db/uuid';
import { NotFoundError, ValidationError } from '../errors';
import { messages } from '../messages';
import type { AuditActor, AuditTrail } from './audit';
import { leadTarget } from './lead-state';
import { isProjectStage, PROJECT_STAGE_LABELS, type ProjectJson, type ProjectStage } from '../../shared/projects';

export function toProjectJson(row: LeadRow): ProjectJson {
  return {
    _id: row.id,
    name: row.name ?? '',
    company: row.company,
    email: row.email ?? '',
    service: row.service ?? '',
    budget: row.budget ?? 0,
    timeline: row.timeline ?? '',
    projectDetails: row.project_details ?? '',
    requestedAt: row.submitted_at.toISOString(),
    stage: (row.project_stage as ProjectStage | null) ?? 'accepted',
    stageChangedAt: row.project_stage_at?.toISOString() ?? null,
  };
}

export interface ProjectServiceDeps {
  db: Knex;
  audit: AuditTrail;
  now?: () => Date;
}

/** Projects: won quotes, and the stage of the work staff move them through (audited). */
export function createProjectService({ db, audit, now = () => new Date() }: ProjectServiceDeps) {
  const found = async (id: string) => {
    const row = isUuid(id) ? await findProjectRow(db, id) : undefined;
    if (!row) throw new NotFoundError(messages.projects.notFound);
    return row;
  };

  return {
    async list(): Promise<ProjectJson[]> {
      return (await listProjectRows(db)).map(toProjectJson);
    },

    async get(id: string): Promise<ProjectJson> {
      return toProjectJson(await found(id));
    },

    async setStage(id: string, stage: unknown, actor: AuditActor): Promise<ProjectJson> {
      if (!isProjectStage(stage)) throw new ValidationError(messages.projects.badStage, { stage: messages.projects.badStage });
      const before = await found(id);
      const was = (before.project_stage as ProjectStage | null) ?? 'accepted';
      if (was === stage) return toProjectJson(before);
      const row = await db.transaction(async (trx) => {
        const updated = await setProjectStage(trx, id, stage, now());
        if (!updated) throw new NotFoundError(messages.projects.notFound);
        await audit.record(actor, { action: 'project.stage', target: leadTarget(id), summary: `${PROJECT_STAGE_LABELS[was]} → ${PROJECT_STAGE_LABELS[stage]}` }, trx);
        return updated;
      });
      return toProjectJson(row);
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
