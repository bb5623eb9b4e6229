import type { Knex } from 'knex';
import type { LeadRow } from './tables';

/** Accepted quote requests that are not spam: the projects. */
const projects = (knex: Knex) => knex<LeadRow>('leads').where({ type: 'quote', status: 'accepted' }).whereNull('spam_at');

/** Every project, newest request first (an agency has tens or hundreds, never a list to page). */
export function listProjectRows(knex: Knex): Promise<LeadRow[]> {
  return projects(knex).select('*').orderBy([{ column: 'submitted_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
}

export async function findProjectRow(knex: Knex, id: string): Promise<LeadRow | undefined> {
  return projects(knex).where({ id }).first();
}

export async function setProjectStage(knex: Knex, id: string, stage: string, at: Date): Promise<LeadRow | undefined> {
  const [row] = await projects(knex).where({ id }).update({ project_stage: stage, project_stage_at: at }).returning('*');
  return row as LeadRow | undefined;
}
