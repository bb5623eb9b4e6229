import type { Knex } from 'knex';
import { z } from 'zod';
import { cursorPosition, encodeCursor } from '../db/keyset-cursor';
import { findProjectRow, listProjectRows, setProjectStage } from './projects-queries';
import type { LeadRow } from '../db/tables';
import { isUuid } from '../db/uuid';
import { NotFoundError, optionalParam, parseInput, ValidationError } from '../errors';
import { messages } from '../messages';
import type { AuditActor, AuditTrail } from '../services/audit';
import { leadTarget } from './state';
import { searchTextSchema } from '../../shared/search';
import { isProjectStage, PROJECT_STAGE_LABELS, PROJECT_STAGES, PROJECTS_PAGE_SIZE, type ProjectJson, type ProjectPage, type ProjectStage } from '../../shared/projects';


/** `GET /api/projects`'s query; anything else (`offset`, `sort`, a parameter given twice) is refused. */
const listSchema = z.strictObject({
  stage: optionalParam(z.enum(PROJECT_STAGES, { error: messages.projects.stageFilter })),
  q: optionalParam(searchTextSchema),
  cursor: optionalParam(z.string({ error: messages.projects.oneCursor })),
  limit: optionalParam(
    z
      .string({ error: messages.projects.oneLimit })
      .regex(/^\d{1,3}$/, messages.projects.limit)
      .transform(Number)
      .refine((value) => value >= 1 && value <= PROJECTS_PAGE_SIZE.max, messages.projects.limit),
  ),
});

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
    /** One page of projects, newest request first, and the cursor of the next page (null on the last). */
    async list(rawQuery: unknown): Promise<ProjectPage> {
      const { stage, q, cursor, limit = PROJECTS_PAGE_SIZE.default } = parseInput(listSchema, rawQuery, { unknownField: messages.leads.unknownParameter });
      const after = cursorPosition(cursor);
      // One row more than the page says whether another page follows, without counting them all.
      const rows = await listProjectRows(db, { stage, search: q?.toLowerCase() }, { after, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return { items: page.map(toProjectJson), nextCursor: rows.length > limit && last ? encodeCursor({ at: last.submitted_at, id: last.id }) : null };
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
