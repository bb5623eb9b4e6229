import type { AnalyticsReport } from '../../shared/analytics';
import { PROJECTS_PAGE_SIZE, type ProjectFilters, type ProjectJson, type ProjectPage, type ProjectStage } from '../../shared/projects';
import { INBOX_PAGE_SIZE, type FormType, type LeadType } from '../../shared/form-types';
import { portfolioMessages } from '../../shared/portfolio/messages';
import type { LeadBulkAction, LeadDetail, LeadFilters, LeadListItem } from '../../shared/leads';
import { queryOfFilters, queryOfProjectFilters } from './views';
import type { PortfolioItem } from './portfolio-form';
import type { TaskCounts, TaskPage, TaskSection } from '../../shared/reply-queue';
import type { DashboardFigures } from '../../shared/dashboard';
import type { MailHealth } from '../../shared/mail-health';
import type { UnmatchedPage, NoticeList } from '../../shared/inbound-mail';
import type { PersonalDataReport } from '../../shared/personal-data';
import { CONTENT_IMAGE_FIELD, type ContentImageListItem, type UploadedContentImage } from '../../shared/content/images';

/**
 * A call the server answered with an error status; `message` is its `{ error }` text when it sent
 * one, else the caller's fallback. Every call of the dashboard rejects with one on a non-2xx answer
 * (and with a plain `Error` when no answer came at all).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Whether `message` came from the server (otherwise it is the caller's fallback text). */
    readonly fromServer: boolean,
    /** The server's message per field of a 400 answer (`{ error, fields }`). */
    readonly fields: Record<string, string> = {},
    /** The answer's whole JSON body, for answers that carry more than a message (a 409's other version, a 422's problems). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface DashboardApiOptions {
  csrfToken: string;
  /** Called on any 401: the session ended, and a reload shows the login screen. */
  onUnauthorized?: () => void;
  fetchImpl?: typeof fetch;
}

/** The `{ error }` text of a JSON answer, if it has one. */
function errorTextOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error.trim()) return body.error;
  return null;
}

/** The error for a non-2xx answer: the server's own text when it sent one, else `fallback`. */
function failure(status: number, body: unknown, fallback: string): ApiError {
  const serverText = errorTextOf(body);
  const fields = body && typeof body === 'object' && 'fields' in body && body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : {};
  return new ApiError(serverText ?? fallback, status, serverText !== null, fields, body);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** A lead's delete failed (the spec's "Failed to delete form." named neither the thing nor the way on). */
export const DELETE_LEAD_FAILED = 'The message could not be deleted. Try again.';

/**
 * The dashboard's calls. Every call sends the session cookie (same-origin) and every state-changing
 * one the session's CSRF token; a 401 means the session is gone, so the page reloads to the login.
 */
export function createDashboardApi({ csrfToken, onUnauthorized = () => window.location.reload(), fetchImpl }: DashboardApiOptions) {
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function call(method: string, url: string, fallback: string, json?: unknown): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    const response = await doFetch(url, { method, headers, credentials: 'same-origin', body: json === undefined ? undefined : JSON.stringify(json) });
    if (response.status === 401) onUnauthorized();
    if (!response.ok) throw failure(response.status, await readJson(response), fallback);
    return response;
  }

  return {
    /** The session's token, for the plain forms that post to the API (a download the browser saves). */
    csrfToken,

    /** A JSON call of the back office's own API; resolves with the answer's body (null for 204). */
    async send<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, fallback: string, json?: unknown): Promise<T> {
      const response = await call(method, url, fallback, json);
      return (response.status === 204 ? null : await readJson(response)) as T;
    },

    async setFormStatus(type: FormType, id: string, status: string): Promise<void> {
      await call('PATCH', `/api/forms/${type}/${encodeURIComponent(id)}/status`, 'Failed to update form status.', { status });
    },

    async deleteForm(type: FormType, id: string): Promise<void> {
      await call('DELETE', `/api/forms/${type}/${encodeURIComponent(id)}`, DELETE_LEAD_FAILED);
    },

    async listLeads(filters: LeadFilters, cursor: string | null, limit: number = INBOX_PAGE_SIZE.default): Promise<{ items: LeadListItem[]; nextCursor: string | null }> {
      const query = queryOfFilters(filters);
      const more = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await call('GET', `/api/leads${query ? `${query}&` : '?'}${more}`, 'Failed to load messages.');
      return (await readJson(response)) as { items: LeadListItem[]; nextCursor: string | null };
    },

    async lead(type: LeadType, id: string): Promise<LeadDetail> {
      const response = await call('GET', leadPath(type, id), 'Failed to load the message.');
      return (await readJson(response)) as LeadDetail;
    },

    /** One action on one lead; resolves with the lead as it is now. */
    async leadAction(type: LeadType, id: string, action: 'read' | 'unread' | 'spam' | 'not-spam'): Promise<LeadDetail> {
      const response = await call('POST', `${leadPath(type, id)}/${action}`, 'Failed to update the message.');
      return (await readJson(response)) as LeadDetail;
    },

    async setLeadStatus(type: LeadType, id: string, status: string): Promise<LeadDetail> {
      const response = await call('PATCH', `${leadPath(type, id)}/status`, 'Failed to update form status.', { status });
      return (await readJson(response)) as LeadDetail;
    },

    async addLeadNote(type: LeadType, id: string, body: string): Promise<LeadDetail> {
      const response = await call('POST', `${leadPath(type, id)}/notes`, 'Failed to add the note.', { body });
      return (await readJson(response)) as LeadDetail;
    },

    async deleteLead(type: LeadType, id: string): Promise<void> {
      await call('DELETE', leadPath(type, id), DELETE_LEAD_FAILED);
    },

    async bulkLeads(action: LeadBulkAction, ids: string[], status?: string): Promise<number> {
      const response = await call('POST', '/api/leads/bulk', 'Failed to update the selected messages.', { action, ids, status });
      return ((await readJson(response)) as { changed: number }).changed;
    },

    async unreadLeadCount(): Promise<number> {
      const response = await call('GET', '/api/leads/unread-count', 'Failed to count unread messages.');
      return ((await readJson(response)) as { count: number }).count;
    },

    /** Mail that matched no lead, newest first; `before` (the last page's `next`) continues the list. */
    async inboundMail(before: string | null = null): Promise<UnmatchedPage> {
      const response = await call('GET', `/api/inbound-mail${before ? `?before=${encodeURIComponent(before)}` : ''}`, 'Failed to load the unmatched mail.');
      const body = (await readJson(response)) as Partial<UnmatchedPage> | null;
      return { messages: body?.messages ?? [], next: body?.next ?? null };
    },

    async unmatchedMailCount(): Promise<number> {
      const response = await call('GET', '/api/inbound-mail/count', 'Failed to count the unmatched mail.');
      return ((await readJson(response)) as { unmatched: number }).unmatched;
    },

    /** Files an unmatched message on a lead; resolves with the lead it is on now. */
    async attachInboundMail(id: string, lead: { type: string; id: string }): Promise<{ type: string; id: string }> {
      const response = await call('POST', `${inboundPath(id)}/attach`, 'The message could not be attached. Try again.', { type: lead.type, id: lead.id });
      return ((await readJson(response)) as { lead: { type: string; id: string } }).lead;
    },

    /** Makes a new lead (source "E-mail") of an unmatched message; resolves with it. */
    async leadFromInboundMail(id: string): Promise<{ type: string; id: string }> {
      const response = await call('POST', `${inboundPath(id)}/new-lead`, 'No lead could be made of the message. Try again.');
      return ((await readJson(response)) as { lead: { type: string; id: string } }).lead;
    },

    async dismissInboundMail(id: string): Promise<void> {
      await call('POST', `${inboundPath(id)}/dismiss`, 'The message could not be dismissed. Try again.');
    },

    /** The signed-in account's latest notices and how many are unread. */
    async notices(): Promise<NoticeList> {
      const response = await call('GET', '/api/notices', 'Failed to load the notices.');
      return (await readJson(response)) as NoticeList;
    },

    async readNotice(id: string): Promise<void> {
      await call('POST', `/api/notices/${encodeURIComponent(id)}/read`, 'Failed to mark the notice read.');
    },

    async readAllNotices(): Promise<void> {
      await call('POST', '/api/notices/read-all', 'Failed to mark the notices read.');
    },

    async dashboard(): Promise<DashboardFigures> {
      const response = await call('GET', '/api/dashboard', 'Failed to load the dashboard.');
      return (await readJson(response)) as DashboardFigures;
    },

    async personalData(email: string): Promise<PersonalDataReport> {
      // A POST, so the address stays out of URLs (logs, history, Referer).
      const response = await call('POST', '/api/personal-data/find', 'Failed to search.', { email });
      return (await readJson(response)) as PersonalDataReport;
    },

    async erasePersonalData(email: string): Promise<{ leads: number; notes: number; notifications: number }> {
      const response = await call('POST', '/api/personal-data/erase', 'Failed to erase the data.', { email });
      return (await readJson(response)) as { leads: number; notes: number; notifications: number };
    },

    async mailHealth(): Promise<MailHealth> {
      const response = await call('GET', '/api/mail-health', 'Failed to check the staff e-mails.');
      return (await readJson(response)) as MailHealth;
    },

    /** Makes every failed or waiting staff e-mail due now; resolves with how many. */
    async retryNotifications(): Promise<number> {
      const response = await call('POST', '/api/mail-health/retry', 'Failed to retry the staff e-mails.');
      return ((await readJson(response)) as { retried: number }).retried;
    },

    /** One page of a section of the reply queue (overdue, due today, later), of one form or all. */
    async tasks(section: TaskSection, { type, cursor }: { type?: LeadType; cursor?: string | null } = {}): Promise<TaskPage> {
      const query = new URLSearchParams({ section });
      if (type) query.set('type', type);
      if (cursor) query.set('cursor', cursor);
      const response = await call('GET', `/api/tasks?${query}`, 'Failed to load the tasks.');
      return (await readJson(response)) as TaskPage;
    },

    /** Open leads per section, each up to TASK_COUNT_CAP (the badge, the dashboard and Tasks say the same). */
    async taskCounts(type?: LeadType): Promise<TaskCounts> {
      const response = await call('GET', `/api/tasks/counts${type ? `?type=${type}` : ''}`, 'Failed to count the tasks.');
      return (await readJson(response)) as TaskCounts;
    },

    async listPortfolio(): Promise<PortfolioItem[]> {
      const response = await call('GET', '/api/portfolio', portfolioMessages.adminListFailed);
      const body = await readJson(response);
      if (!Array.isArray(body)) throw new ApiError(portfolioMessages.adminListFailed, response.status, false);
      return body as PortfolioItem[];
    },

    async deletePortfolioItem(id: string): Promise<void> {
      await call('DELETE', `/api/portfolio/${encodeURIComponent(id)}`, portfolioMessages.deleteFailed);
    },

    /** One page of projects (the filters as the view's URL has them), continuing after `cursor`. */
    async listProjects(filters: ProjectFilters, cursor: string | null, limit: number = PROJECTS_PAGE_SIZE.default): Promise<ProjectPage> {
      const query = queryOfProjectFilters(filters);
      const more = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await call('GET', `/api/projects${query ? `${query}&` : '?'}${more}`, 'Failed to load the projects.');
      return (await readJson(response)) as ProjectPage;
    },

    async getProject(id: string): Promise<ProjectJson> {
      const response = await call('GET', `/api/projects/${encodeURIComponent(id)}`, 'Failed to load the project.');
      return (await readJson(response)) as ProjectJson;
    },

    async setProjectStage(id: string, stage: ProjectStage): Promise<ProjectJson> {
      const response = await call('PATCH', `/api/projects/${encodeURIComponent(id)}`, 'Failed to move the project.', { stage });
      return (await readJson(response)) as ProjectJson;
    },

    async analyticsReport(range: { from: string; to: string }): Promise<AnalyticsReport> {
      const query = new URLSearchParams(range).toString();
      const response = await call('GET', `/api/analytics/report?${query}`, 'Failed to load the analytics.');
      return (await readJson(response)) as AnalyticsReport;
    },

    /**
     * Creates (no id) or replaces (id) a portfolio item and resolves with it as stored. Sent with
     * XMLHttpRequest because fetch reports no upload progress; `onProgress` gets whole percentages
     * of the bytes sent.
     */
    savePortfolioItem(id: string | null, form: FormData, onProgress: (percent: number) => void): Promise<PortfolioItem> {
      return sendForm<PortfolioItem>(id ? 'PUT' : 'POST', id ? `/api/portfolio/${encodeURIComponent(id)}` : '/api/portfolio', form, onProgress);
    },

    /**
     * Uploads one image for the site's content (`POST /api/content/images`) and resolves with what
     * an image field stores (`src`) and its size; rejects with the server's message for a bad file.
     */
    uploadContentImage(file: File, onProgress: (percent: number) => void): Promise<UploadedContentImage> {
      const form = new FormData();
      form.append(CONTENT_IMAGE_FIELD, file);
      return sendForm<UploadedContentImage>('POST', '/api/content/images', form, onProgress);
    },

    /** Every uploaded content image, newest first (for a picker). */
    async listContentImages(): Promise<ContentImageListItem[]> {
      const response = await call('GET', '/api/content/images', 'Failed to load the images.');
      return (await readJson(response)) as ContentImageListItem[];
    },
  };

  /**
   * A multipart form sent with XMLHttpRequest, because fetch reports no upload progress;
   * `onProgress` gets whole percentages of the bytes sent.
   */
  function sendForm<T>(method: 'POST' | 'PUT', url: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open(method, url);
      request.setRequestHeader('X-CSRF-Token', csrfToken);
      request.setRequestHeader('Accept', 'application/json');
      request.responseType = 'text';
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(uploadPercent(event.loaded, event.total));
      };
      request.onload = () => {
        if (request.status === 401) onUnauthorized();
        const body = parseJsonText(request.responseText);
        if (request.status >= 200 && request.status < 300) resolve(body as T);
        else reject(failure(request.status, body, 'Unknown error'));
      };
      request.onerror = () => reject(new Error('Network error: the server could not be reached'));
      request.onabort = () => reject(new Error('The upload was cancelled'));
      request.send(form);
    });
  }
}

const leadPath = (type: LeadType, id: string) => `/api/leads/${type}/${encodeURIComponent(id)}`;
const inboundPath = (id: string) => `/api/inbound-mail/${encodeURIComponent(id)}`;

function parseJsonText(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export type DashboardApi = ReturnType<typeof createDashboardApi>;

/** Whole percentage of an upload, never above 100 and never 100 before the last byte. */
export function uploadPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  if (loaded >= total) return 100;
  return Math.min(99, Math.floor((loaded / total) * 100));
}
