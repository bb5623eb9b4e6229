import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import request from 'supertest';
import type { FormType } from '../../shared/form-types';
import { startingSiteContent } from '../../shared/content/defaults';
import { formServiceOptions, serviceOptionsOf, type FormServiceOptions } from '../../shared/forms';
import type { TestApp } from './test-app';

/** A valid body of each form, as a person would fill it in. */
export const VALID_FORMS: Record<FormType, Record<string, unknown>> = {
  enquiry: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0958', company: 'Analytical Engines Ltd', service: 'Graphic Design', message: 'We need a new brand identity.' },
  quote: { name: 'Grace Hopper', email: 'grace@example.com', phone: '(555) 010-2040', company: 'Compilers Inc', service: 'Mobile App', budget: 7500, timeline: '3-6 months', projectDetails: 'A booking app for iOS and Android.' },
  'free-offer': { email: 'alan@example.com', message: 'Please send me the offer.' },
  contact: { name: 'Katherine Johnson', phone: '555 010 2050', email: 'katherine@example.com', subject: 'Orbital mechanics', message: 'Can we talk about a new site?' },
};

/** The service options the forms offer on a fresh install (the services that ship, as published). */
export const SHIPPED_SERVICE_OPTIONS: FormServiceOptions = formServiceOptions(startingSiteContent().services);

/** The service options `type` offers on a fresh install (none for a form that asks for no service). */
export const shippedServices = (type: FormType): readonly string[] => serviceOptionsOf(type, SHIPPED_SERVICE_OPTIONS);

export const clientToken = () => randomBytes(12).toString('hex');

/** What the islands add to every body: a human fill time and a fresh client token. */
export const humanMeta = () => ({ fillMs: 8000, clientToken: clientToken() });

/** Sends `type`'s valid body, changed by `fields`, as a visitor would; resolves with the new lead's id. */
export async function submitForm(t: TestApp, type: FormType, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await request(t.app.callback()).post(`/api/forms/${type}`).send({ ...VALID_FORMS[type], ...fields, ...humanMeta() }).expect(201);
  return res.body._id as string;
}

export async function countRows(db: Knex, table: string): Promise<number> {
  const row = await db(table).count<{ count: string | number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

/** Leads in the inbox (not spam), of one type or of all four. */
export async function countSubmissions(db: Knex, type?: FormType): Promise<number> {
  const rows = db('leads').whereNull('spam_at');
  if (type) rows.where({ type });
  const row = await rows.count<{ count: string | number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

/** Leads in the spam folder. */
export async function countSpam(db: Knex): Promise<number> {
  const row = await db('leads').whereNotNull('spam_at').count<{ count: string | number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}
