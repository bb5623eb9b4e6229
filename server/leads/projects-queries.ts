import type { Knex } from 'knex';
import type { KeysetPosition } from '../db/keyset-cursor';
import { LEAD_SEARCH_TEXT, likePattern } from './queries';
import type { LeadRow } from '../db/tables';

/** Accepted quote requests that are not spam: the projects. */
const projects = (knex: Knex) => knex<LeadRow>('leads').where({ type: 'quote', status: 'accepted' }).whereNull('spam_at');

/**
 * A project's stage as the list filters it: null (never moved) is `accepted`. The same expression
 * as the index `leads_project_stage_index` (migration 20261129100000_project_list_indexes).
 */
const STAGE_OF_PROJECT = "coalesce(project_stage, 'accepted')";

export interface ProjectQuery {
  stage?: string;
  /** Lower-cased text of at least 3 characters, matched as a substring. */
  search?: string;
}

/**
 * One page of projects newest request first, strictly after `after`: keyset paging on
 * (submitted_at, id), so projects requested at the same moment are neither repeated nor skipped
 * and any page costs what the first does.
 */
export function listProjectRows(knex: Knex, query: ProjectQuery, { after, limit }: { after?: KeysetPosition; limit: number }): Promise<LeadRow[]> {
  const rows = projects(knex).select('*');
  if (query.stage) rows.whereRaw(`${STAGE_OF_PROJECT} = ?`, [query.stage]);
  // The inbox's search text, so the trigram index over it (`leads_search_index`) serves this too.
  if (query.search) rows.whereRaw(`${LEAD_SEARCH_TEXT} like ?`, [likePattern(query.search)]);
  if (after) rows.whereRaw('(submitted_at, id) < (?, ?)', [after.at, after.id]);
  return rows.orderBy([{ column: 'submitted_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
}

export async function findProjectRow(knex: Knex, id: string): Promise<LeadRow | undefined> {
  return projects(knex).where({ id }).first();
}

export async function setProjectStage(knex: Knex, id: string, stage: string, at: Date): Promise<LeadRow | undefined> {
  const [row] = await projects(knex).where({ id }).update({ project_stage: stage, project_stage_at: at }).returning('*');
  return row as LeadRow | undefined;
}
