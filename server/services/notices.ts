import type { Knex } from 'knex';
import { countUnreadNotices, markNoticesRead, noticesOf } from '../db/inbound-mail';
import { isUuid } from '../db/uuid';
import { NotFoundError } from '../errors';
import { leadAdminPath } from '../../shared/lead-facts';
import { NOTICES_SHOWN, type NoticeList } from '../../shared/inbound-mail';

/** News for one account in the app (the client answered a lead it replied to), its own only. */
export function createNotices({ db, now = () => new Date() }: { db: Knex; now?: () => Date }) {
  return {
    /** The account's latest notices, newest first, and how many it has not read. */
    async list(adminId: number): Promise<NoticeList> {
      const [rows, unread] = await Promise.all([noticesOf(db, adminId, NOTICES_SHOWN), countUnreadNotices(db, adminId)]);
      return {
        notices: rows.map((row) => ({ id: row.id, text: row.text, href: leadAdminPath({ type: row.lead_type, id: row.lead_id }), at: new Date(row.created_at).toISOString(), read: row.read_at !== null })),
        unread,
      };
    },

    /** Marks one of the account's notices read; another account's is "not found". */
    async read(adminId: number, id: string): Promise<void> {
      if (!isUuid(id) || (await markNoticesRead(db, adminId, now(), id)) === 0) throw new NotFoundError('Notice not found');
    },

    async readAll(adminId: number): Promise<void> {
      await markNoticesRead(db, adminId, now());
    },
  };
}

export type Notices = ReturnType<typeof createNotices>;
