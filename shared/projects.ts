/**
 * Projects: won quotes (quote requests whose status is `accepted`) and the stage of the work.
 * Isomorphic: the API checks stages with these, the Projects view labels them and prefills a
 * portfolio item from a project.
 */
export const PROJECT_STAGES = ['accepted', 'in-progress', 'delivered'] as const;
export type ProjectStage = (typeof PROJECT_STAGES)[number];

export const PROJECT_STAGE_LABELS: Record<ProjectStage, string> = {
  accepted: 'Accepted',
  'in-progress': 'In progress',
  delivered: 'Delivered',
};

export function isProjectStage(value: unknown): value is ProjectStage {
  return typeof value === 'string' && (PROJECT_STAGES as readonly string[]).includes(value);
}

/** Projects per page of `GET /api/projects`: a screenful by default, never the whole list. */
export const PROJECTS_PAGE_SIZE = { default: 50, max: 100 } as const;

/** The Projects list's filters, as the API's query and the view's URL write them. */
export interface ProjectFilters {
  stage?: ProjectStage;
  /** Searched in the client's name, company, e-mail, phone and the project's details. */
  q?: string;
}

/** A project as `GET /api/projects` lists it (in `items`) and `GET /api/projects/{id}` returns it. */
export interface ProjectJson {
  /** The quote request's id. */
  _id: string;
  name: string;
  company: string | null;
  email: string;
  service: string;
  budget: number;
  timeline: string;
  projectDetails: string;
  /** When the quote was requested. */
  requestedAt: string;
  stage: ProjectStage;
  /** When the stage last changed; null while it is the first one. */
  stageChangedAt: string | null;
}

/** One page of `GET /api/projects`: newest request first; `nextCursor` continues it (null on the last). */
export interface ProjectPage {
  items: ProjectJson[];
  nextCursor: string | null;
}

/** The portfolio categories (the admin form's labels) that match each quote service. */
const CATEGORIES_OF_SERVICE: Record<string, string[]> = {
  'Web Development': ['Web Development'],
  'Mobile App': ['App Development'],
  'UI/UX Design': ['Graphic Designing'],
  Branding: ['Graphic Designing'],
  'Digital Marketing': ['Social Media Marketing'],
};

/** What "Create portfolio item" fills in: the client, a title from the service, matching categories. */
export function portfolioPrefillOf(project: Pick<ProjectJson, 'name' | 'company' | 'service'>): { client: string; title: string; categoryLabels: string[] } {
  const client = project.company?.trim() || project.name;
  const service = project.service === 'Other' ? 'Project' : project.service;
  return { client, title: `${service} for ${client}`, categoryLabels: CATEGORIES_OF_SERVICE[project.service] ?? [] };
}
