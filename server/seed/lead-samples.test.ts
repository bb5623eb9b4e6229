import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { responseFigures } from '../leads/dashboard-queries';
import { createAnalyticsReportService } from '../services/analytics-report';
import { localDate } from '../../shared/local-date';
import { CAMPAIGNS, LANDING_PAGES, pagesByRank, REFERRERS, seedAnalytics } from './analytics-seed';
import { defaultLeadDays, seedLeads } from './lead-samples';
import { whereOpen } from '../leads/open';

const DAY = 24 * 3600_000;
const HOUR = 3600_000;

describe('synthetic leads', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());
  beforeEach(() => testDb.db('leads').delete());

  it('spreads leads over the days asked and the four forms, some spam, all valid rows', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    await seedLeads(testDb.db, 2000, { now, days: 730 });
    const byType = await testDb.db.raw<{ rows: { type: string; count: string | number }[] }>('select type, count(*) from leads group by type order by type');

    expect(byType.rows.map((row) => [row.type, Number(row.count)])).toEqual([
      ['contact', 500],
      ['enquiry', 500],
      ['free-offer', 500],
      ['quote', 500],
    ]);
    const figures = await testDb.db('leads').first(
      testDb.db.raw('min(submitted_at) as oldest'),
      testDb.db.raw('max(submitted_at) as newest'),
      testDb.db.raw('count(*) filter (where spam_at is not null)::int as spam'),
      testDb.db.raw('count(*) filter (where spam_at is null and due_at is null)::int as without_clock'),
      testDb.db.raw("count(*) filter (where (responded_at is not null) <> (status not in ('new', 'read') and spam_at is null))::int as misanswered"),
      testDb.db.raw('count(*) filter (where responded_at > ? or read_at > ? or project_stage_at > ?)::int as in_the_future', [now, now, now]),
    );
    // Every lead outside spam has its reply clock; exactly the answered ones their first reply.
    expect(figures.without_clock).toBe(0);
    expect(figures.misanswered).toBe(0);
    expect(figures.in_the_future).toBe(0);
    expect(new Date(figures.oldest).getTime()).toBeGreaterThanOrEqual(now.getTime() - 731 * DAY);
    expect(new Date(figures.oldest).getTime()).toBeLessThan(now.getTime() - 700 * DAY);
    expect(new Date(figures.newest).getTime()).toBeLessThan(now.getTime());
    expect(figures.spam).toBeGreaterThan(20);
  });

  it('looks like a healthy agency: answered within the promise, a few recent ones waiting, statuses moved on', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    await seedLeads(testDb.db, 2000, { now });
    expect(defaultLeadDays(2000)).toBe(80);
    expect(defaultLeadDays(1_000_000)).toBe(730);
    const oldest = await testDb.db('leads').min({ at: 'submitted_at' }).first();
    expect(now.getTime() - new Date(oldest!.at).getTime()).toBeGreaterThan(79 * DAY);

    // As the dashboard home counts it over the last 30 days (the "25% within the promise").
    const last30 = await responseFigures(testDb.db, new Date(now.getTime() - 30 * DAY), now);
    expect(last30.withinPromise).toBeGreaterThan(0.9);
    expect(last30.medianMinutes).toBeLessThan(6 * 60);

    const open = await whereOpen(testDb.db('leads'))
      .select<{ submitted_at: Date; due_at: Date; status: string }[]>('submitted_at', 'due_at', 'status');
    // A handful waiting, all of the last day or so, none overdue by more than a few hours.
    expect(open.length).toBeGreaterThanOrEqual(3);
    expect(open.length).toBeLessThanOrEqual(20);
    for (const lead of open) {
      expect(now.getTime() - lead.submitted_at.getTime()).toBeLessThan(29 * HOUR);
      expect(now.getTime() - lead.due_at.getTime()).toBeLessThan(5 * HOUR);
    }
    for (const lead of open) expect(['new', 'read']).toContain(lead.status);

    const statuses = (await testDb.db('leads').whereNull('spam_at').select('type', 'status', 'project_stage').count({ count: '*' }).groupBy('type', 'status', 'project_stage')) as {
      type: string;
      status: string;
      project_stage: string | null;
      count: string | number;
    }[];
    const countOf = (type: string, status: string, stage: string | null = null) =>
      Number(statuses.find((row) => row.type === type && row.status === status && row.project_stage === stage)?.count ?? 0);
    expect(countOf('contact', 'responded')).toBeGreaterThan(400);
    for (const status of ['quoted', 'rejected']) expect(countOf('quote', status)).toBeGreaterThan(20);
    // Won work: new projects, some in progress, some delivered.
    for (const stage of [null, 'in-progress', 'delivered']) expect(countOf('quote', 'accepted', stage)).toBeGreaterThan(5);
  });

  it("comes from the analytics seed's pages, referrers and campaigns, converting a few per cent of their visitors", async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    await seedLeads(testDb.db, 2000, { now });
    const leads = await testDb.db('leads')
      .whereNull('spam_at')
      .select<{ type: string; source_path: string | null; landing_path: string | null; referrer_host: string | null; utm_source: string | null; utm_campaign: string | null }[]>(
        'type',
        'source_path',
        'landing_path',
        'referrer_host',
        'utm_source',
        'utm_campaign',
      );
    const landingPages = pagesByRank(LANDING_PAGES);
    for (const lead of leads) {
      expect(landingPages).toContain(lead.landing_path);
      expect(pagesByRank(40)).toContain(lead.source_path);
      if (lead.referrer_host) expect(REFERRERS).toContain(lead.referrer_host);
      if (lead.utm_campaign) expect(CAMPAIGNS.find((tags) => tags[2] === lead.utm_campaign)?.[0]).toBe(lead.utm_source);
    }
    const share = (test: (lead: (typeof leads)[number]) => boolean) => leads.filter(test).length / leads.length;
    expect(share((lead) => lead.referrer_host !== null)).toBeGreaterThan(0.5);
    expect(share((lead) => lead.utm_campaign !== null)).toBeGreaterThan(0.4);
    expect(share((lead) => lead.type === 'contact' && lead.source_path !== '/contact')).toBe(0);

    // The Analytics view on both seeds: conversion on every page and source with leads, none absurd.
    await seedAnalytics(testDb.db, { today: localDate(now, 'UTC'), days: 80, pages: 40 });
    const report = await createAnalyticsReportService({ db: testDb.db, timeZone: () => 'UTC', now: () => now }).report({});
    expect(report.leads / report.visitors).toBeGreaterThan(0.01);
    expect(report.leads / report.visitors).toBeLessThan(0.06);
    const rows = [...report.pages, ...report.landingPages, ...report.referrers, ...report.campaigns].filter((row) => row.leads > 0);
    expect(report.pages.filter((row) => row.leads > 0).length).toBeGreaterThan(10);
    expect(report.referrers.filter((row) => row.leads > 0).length).toBeGreaterThan(3);
    expect(report.campaigns.filter((row) => row.leads > 0).length).toBe(CAMPAIGNS.length - 1);
    for (const row of rows) {
      expect([row, row.visitors > 0]).toEqual([row, true]);
      expect(row.leads / row.visitors).toBeLessThan(0.2);
    }
  });
});
