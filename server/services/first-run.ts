import type { Knex } from 'knex';
import { parseInput, ValidationError } from '../errors';
import { messages } from '../messages';
import { FIRST_RUN_ITEMS, firstRunDismissSchema, type FirstRunItem, type FirstRunItemJson, type FirstRunJson } from '../../shared/first-run';
import type { MailSource } from '../../shared/settings';
import type { SettingsService } from './settings';
import type { AuditTrail, StaffActor as Actor } from './audit';

export interface FirstRunDeps {
  db: Knex;
  settings: Pick<SettingsService, 'current' | 'overridden'>;
  /** Where mail goes now (`off` until Settings or SMTP_URL set a server). */
  mailSource: () => MailSource;
  /** Whether each verified backup is copied off this machine (BACKUP_S3_URL). */
  backupsCopiedOff: boolean;
  audit: AuditTrail;
  now?: () => Date;
}

/**
 * The first-run checklist (owners): each item's state read from the site as it is, so it turns
 * done by doing the thing, wherever it was done, and undone if it is undone. Dismissals are the
 * only stored part, one per item for the site, audited.
 */
export function createFirstRun({ db, settings, mailSource, backupsCopiedOff, audit, now = () => new Date() }: FirstRunDeps) {
  /** What is done, for the owner `adminId` (the own-address item is theirs). */
  async function doneItems(adminId: number): Promise<{ done: Record<FirstRunItem, boolean>; address: string | null }> {
    const [business, me, others, downloaded] = await Promise.all([
      db('content_documents').where({ key: 'business' }).first<{ published_by: string | null } | undefined>('published_by'),
      db('admin_users').where({ id: adminId }).first<{ email: string | null; email_verified_at: Date | null } | undefined>('email', 'email_verified_at'),
      db('admin_users').whereNot({ id: adminId }).whereNull('disabled_at').first('id'),
      db('audit_log').where({ action: 'backup.download' }).first('id'),
    ]);
    const mailWorks = mailSource() !== 'off';
    return {
      done: {
        // Published by a person: the starting content is published by nobody.
        agency: Boolean(business?.published_by),
        timeZone: settings.overridden().includes('timeZone'),
        mail: mailWorks && Boolean(settings.current().replyAddress),
        email: Boolean(me?.email_verified_at),
        team: Boolean(others),
        // Somewhere other than this machine's disk: uploaded each night, or taken away by hand.
        backups: backupsCopiedOff || Boolean(downloaded),
      },
      address: me?.email ?? null,
    };
  }

  async function list(adminId: number): Promise<FirstRunJson> {
    const [{ done, address }, dismissed] = await Promise.all([doneItems(adminId), db('first_run_dismissals').pluck<FirstRunItem[]>('item')]);
    const items = FIRST_RUN_ITEMS.map((key): FirstRunItemJson => {
      const state = done[key] ? 'done' : dismissed.includes(key) ? 'dismissed' : 'todo';
      return key === 'email' ? { key, state, address, mailWorks: mailSource() !== 'off' } : { key, state };
    });
    return { items };
  }

  const itemOf = (input: unknown): FirstRunItem => parseInput(firstRunDismissSchema, input, { unknownField: messages.firstRun.unknownField }).item;

  return {
    list: (actor: Actor) => list(actor.id),

    /** Hides an item for every owner until brought back; audited once (dismissing again changes nothing). */
    async dismiss(input: unknown, actor: Actor): Promise<FirstRunJson> {
      const item = itemOf(input);
      await db.transaction(async (trx) => {
        const inserted = await trx('first_run_dismissals').insert({ item, dismissed_at: now(), dismissed_by: actor.id }).onConflict('item').ignore().returning('item');
        if (inserted.length > 0) await audit.record(actor, { action: 'first-run.dismiss', target: { type: 'first-run', id: item } }, trx);
      });
      return list(actor.id);
    },

    /** Shows a dismissed item again; audited. */
    async restore(item: string, actor: Actor): Promise<FirstRunJson> {
      if (!(FIRST_RUN_ITEMS as readonly string[]).includes(item)) throw new ValidationError(messages.firstRun.unknownItem);
      await db.transaction(async (trx) => {
        // `returning`: the embedded database's driver does not answer a count for a delete.
        const removed = await trx('first_run_dismissals').where({ item }).delete().returning('item');
        if (removed.length > 0) await audit.record(actor, { action: 'first-run.restore', target: { type: 'first-run', id: item } }, trx);
      });
      return list(actor.id);
    },
  };
}

export type FirstRun = ReturnType<typeof createFirstRun>;
