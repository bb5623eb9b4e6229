import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { AnalyticsReport, DayRow, SourceRow } from '../../shared/analytics';
import { MAX_RANGE_DAYS, RANGE_PRESETS } from '../../shared/analytics';
import { FORM_TYPE_LABELS, FORM_TYPES } from '../../shared/form-types';
import { addDays, ISO_DATE, localDate } from '../../shared/local-date';
import { csvOf, percentOf, TABLE_PAGE_ROWS, tablePagerText } from './analytics-text';
import { useDashboard } from './context';
import { DateField } from './kit/DateField';
import { ViewHeading } from './ViewHeading';
import { Failed, Loading } from './LoadStatus';

type Range = { from: string; to: string };

/** The range in the address bar (`?from=&to=`), else the last 30 days. */
function rangeFromUrl(today: string): Range {
  const params = new URLSearchParams(window.location.search);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (ISO_DATE.test(from) && ISO_DATE.test(to) && from <= to) return { from, to };
  return { from: addDays(today, -29), to: today };
}

type Load = { phase: 'loading' } | { phase: 'ready'; report: AnalyticsReport } | { phase: 'failed'; message: string };

/**
 * Analytics: visitors, views and leads of a range, where visitors came from and which pages and
 * campaigns turn them into leads. Every chart has its figures as a table beside it and a CSV file.
 */
export function AnalyticsView() {
  const { api } = useDashboard();
  const today = localDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  // Read from the address bar once in the browser (the server renders the loading state).
  const [range, setRange] = useState<Range | null>(null);
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => setRange(rangeFromUrl(today)), [today]);

  useEffect(() => {
    if (!range) return;
    let current = true;
    setLoad({ phase: 'loading' });
    const url = new URL(window.location.href);
    url.searchParams.set('from', range.from);
    url.searchParams.set('to', range.to);
    window.history.replaceState(window.history.state, '', url);
    api.analyticsReport(range).then(
      (report) => current && setLoad({ phase: 'ready', report }),
      (error: unknown) => current && setLoad({ phase: 'failed', message: error instanceof Error ? error.message : 'Failed to load the analytics.' }),
    );
    return () => {
      current = false;
    };
  }, [api, range, attempt]);

  return (
    <>
      <ViewHeading title="Analytics">
        <p className="admin-view__lead">Counted on our own server: no cookies, no third parties, nobody followed from one day to the next.</p>
      </ViewHeading>
      {range && <RangePicker range={range} today={today} onChange={setRange} />}
      {load.phase === 'loading' && (
        <Loading>Loading the analytics…</Loading>
      )}
      {load.phase === 'failed' && (
        <Failed message={load.message} onRetry={() => setAttempt((n) => n + 1)} retryLabel="Try again" />
      )}
      {load.phase === 'ready' && <Report report={load.report} />}
    </>
  );
}

function RangePicker({ range, today, onChange }: { range: Range; today: string; onChange: (range: Range) => void }) {
  const [draft, setDraft] = useState(range);
  const [error, setError] = useState('');
  useEffect(() => setDraft(range), [range]);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from || !draft.to) return setError('Choose both dates.');
    if (draft.from > draft.to) return setError('The range ends before it starts.');
    if ((Date.parse(draft.to) - Date.parse(draft.from)) / 86_400_000 >= MAX_RANGE_DAYS) return setError(`A range covers at most ${MAX_RANGE_DAYS} days.`);
    setError('');
    onChange(draft);
  };
  const presetOf = (days: number) => ({ from: addDays(today, -(days - 1)), to: today });
  return (
    <div className="admin-card analytics-range">
      <div className="analytics-range__presets" role="group" aria-label="Range">
        {RANGE_PRESETS.map((days) => {
          const preset = presetOf(days);
          const current = preset.from === range.from && preset.to === range.to;
          return (
            <button key={days} type="button" className={`admin-button admin-button--small${current ? '' : ' admin-button--ghost'}`} aria-pressed={current} onClick={() => onChange(preset)}>
              {days} days
            </button>
          );
        })}
      </div>
      <form className="analytics-range__custom" onSubmit={apply} noValidate>
        <DateField id="analytics-from" label="From" value={draft.from} max={today} onChange={(from) => setDraft({ ...draft, from })} describedBy="analytics-range-error" />
        <DateField id="analytics-to" label="To" value={draft.to} max={today} onChange={(to) => setDraft({ ...draft, to })} describedBy="analytics-range-error" />
        <button type="submit" className="admin-button admin-button--small">
          Show
        </button>
        <p id="analytics-range-error" className="admin-field__error" aria-live="polite">
          {error}
        </p>
      </form>
    </div>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const totals = [
    { label: 'Visitors', value: report.visitors.toLocaleString('en-US') },
    { label: 'Page views', value: report.views.toLocaleString('en-US') },
    { label: 'Leads', value: report.leads.toLocaleString('en-US') },
    { label: 'Conversion', value: percentOf(report.leads, report.visitors) },
  ];
  const fileName = (what: string) => `${what}-${report.from}-to-${report.to}.csv`;
  return (
    <>
      <ul className="admin-stats analytics-totals" aria-label={`Totals from ${report.from} to ${report.to}`}>
        {totals.map((total) => (
          <li key={total.label} className="admin-card admin-stat">
            <span className="admin-stat__label">{total.label}</span>
            <span className="admin-stat__value">{total.value}</span>
          </li>
        ))}
      </ul>
      <div className="analytics-grid">
        <ChartCard
          title="Visitors and page views per day"
          chart={<LineChart days={report.days} series={[{ key: 'views', label: 'Page views' }, { key: 'visitors', label: 'Visitors' }]} />}
          columns={['Day', 'Visitors', 'Page views']}
          rows={report.days.map((day) => [day.day, day.visitors, day.views])}
          fileName={fileName('visitors')}
        />
        <ChartCard
          title="Leads per form per day"
          chart={<StackedBars days={report.days} />}
          columns={['Day', ...FORM_TYPES.map((type) => FORM_TYPE_LABELS[type])]}
          rows={report.days.map((day) => [day.day, ...FORM_TYPES.map((type) => day.leads[type] ?? 0)])}
          fileName={fileName('leads')}
        />
      </div>
      <TableCard
        title="Top pages"
        columns={['Page', 'Views', 'Visitors', 'Leads sent from it', 'Conversion']}
        rows={report.pages.map((page) => [page.path, page.views, page.visitors, page.leads, percentOf(page.leads, page.visitors)])}
        empty="No page views in this range."
        fileName={fileName('pages')}
      />
      <div className="analytics-grid">
        <SourceCard title="Landing pages" nameColumn="Page" rows={report.landingPages} fileName={fileName('landing-pages')} />
        <SourceCard title="Campaigns" nameColumn="utm_campaign" rows={report.campaigns} fileName={fileName('campaigns')} />
        <SourceCard title="Referrers" nameColumn="Site" rows={report.referrers} fileName={fileName('referrers')} />
        <TableCard
          title="Services requested"
          columns={['Service', 'Leads']}
          rows={report.services.map((service) => [service.name, service.leads])}
          empty="No enquiries or quote requests in this range."
          fileName={fileName('services')}
        />
        <TableCard
          title="Quote budgets"
          columns={['Budget', 'Quote requests']}
          rows={report.budgets.map((budget) => [budget.name, budget.leads])}
          empty="No quote requests in this range."
          fileName={fileName('budgets')}
        />
      </div>
    </>
  );
}

type Cell = string | number;

/** A link that saves the rows as a CSV file, made in the browser from what the table shows. */
function CsvLink({ columns, rows, fileName, label }: { columns: string[]; rows: Cell[][]; fileName: string; label: string }) {
  const [href, setHref] = useState<string>();
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([csvOf(columns, rows)], { type: 'text/csv;charset=utf-8' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [columns, rows]);
  return (
    <a className="admin-button admin-button--ghost admin-button--small" href={href} download={fileName} aria-label={`Download ${label} as CSV`}>
      CSV
    </a>
  );
}

function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: Cell[][] }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / TABLE_PAGE_ROWS));
  const current = Math.min(page, pages - 1);
  const first = current * TABLE_PAGE_ROWS;
  const shown = rows.slice(first, first + TABLE_PAGE_ROWS);
  return (
    <>
      <div className="analytics-table-scroll" role="region" aria-label={caption} tabIndex={0}>
        <table className="analytics-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th key={column} scope="col" className={index > 0 ? 'analytics-table__number' : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className="analytics-table__number">
                      {typeof cell === 'number' ? cell.toLocaleString('en-US') : cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <p className="admin-pagination">
          <span aria-live="polite">{tablePagerText.shown(first + 1, first + shown.length, rows.length)}</span>
          <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={current === 0} aria-label={tablePagerText.previousLabel(caption)} onClick={() => setPage(current - 1)}>
            {tablePagerText.previous}
          </button>
          <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={current === pages - 1} aria-label={tablePagerText.nextLabel(caption)} onClick={() => setPage(current + 1)}>
            {tablePagerText.next}
          </button>
        </p>
      )}
    </>
  );
}

function CardHead({ id, title, columns, rows, fileName }: { id: string; title: string; columns: string[]; rows: Cell[][]; fileName: string }) {
  return (
    <div className="analytics-card__head">
      <h2 id={id} className="admin-card__title">
        {title}
      </h2>
      <CsvLink columns={columns} rows={rows} fileName={fileName} label={title} />
    </div>
  );
}

/** A chart with its figures: the table beside it (folded, so the chart leads) and the CSV file. */
function ChartCard({ title, chart, columns, rows, fileName }: { title: string; chart: ReactNode; columns: string[]; rows: Cell[][]; fileName: string }) {
  const id = useId();
  return (
    <section className="admin-card analytics-card" aria-labelledby={id}>
      <CardHead id={id} title={title} columns={columns} rows={rows} fileName={fileName} />
      {chart}
      <details className="analytics-card__data">
        <summary>Figures as a table</summary>
        <DataTable caption={title} columns={columns} rows={rows} />
      </details>
    </section>
  );
}

function TableCard({ title, columns, rows, empty, fileName }: { title: string; columns: string[]; rows: Cell[][]; empty: string; fileName: string }) {
  const id = useId();
  return (
    <section className="admin-card analytics-card" aria-labelledby={id}>
      <CardHead id={id} title={title} columns={columns} rows={rows} fileName={fileName} />
      {rows.length === 0 ? <p className="admin-muted">{empty}</p> : <DataTable caption={title} columns={columns} rows={rows} />}
    </section>
  );
}

function SourceCard({ title, nameColumn, rows, fileName }: { title: string; nameColumn: string; rows: SourceRow[]; fileName: string }) {
  return (
    <TableCard
      title={title}
      columns={[nameColumn, 'Visitors', 'Leads', 'Conversion']}
      rows={rows.map((row) => [row.name, row.visitors, row.leads, percentOf(row.leads, row.visitors)])}
      empty="Nothing recorded in this range."
      fileName={fileName}
    />
  );
}

const CHART = { width: 480, height: 200, left: 40, bottom: 24, top: 10 };

/** A round top for the value axis: 1, 2 or 5 times a power of ten. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= value)!;
}

function Axes({ max, days }: { max: number; days: DayRow[] }) {
  const plotHeight = CHART.height - CHART.bottom - CHART.top;
  const ticks = [0, max / 2, max];
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));
  const x = (index: number) => CHART.left + ((index + 0.5) * (CHART.width - CHART.left)) / days.length;
  return (
    <g className="chart__axes">
      {ticks.map((tick) => {
        const y = CHART.top + plotHeight - (tick / max) * plotHeight;
        return (
          <g key={tick}>
            <line x1={CHART.left} x2={CHART.width} y1={y} y2={y} className="chart__grid" />
            <text x={CHART.left - 6} y={y + 4} textAnchor="end">
              {Number.isInteger(tick) ? tick.toLocaleString('en-US') : tick.toFixed(1)}
            </text>
          </g>
        );
      })}
      {days.map((day, index) =>
        index % labelEvery === 0 ? (
          <text key={day.day} x={x(index)} y={CHART.height - 6} textAnchor="middle">
            {day.day.slice(5)}
          </text>
        ) : null,
      )}
    </g>
  );
}

function LineChart({ days, series }: { days: DayRow[]; series: { key: 'views' | 'visitors'; label: string }[] }) {
  const max = niceMax(Math.max(0, ...days.flatMap((day) => series.map((line) => day[line.key]))));
  const plotHeight = CHART.height - CHART.bottom - CHART.top;
  const x = (index: number) => CHART.left + ((index + 0.5) * (CHART.width - CHART.left)) / days.length;
  const y = (value: number) => CHART.top + plotHeight - (value / max) * plotHeight;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={`${series.map((line) => line.label).join(' and ')} per day; the figures are in the table below.`}>
        <Axes max={max} days={days} />
        {series.map((line, index) => (
          <polyline key={line.key} className={`chart__line chart__series-${index + 1}`} points={days.map((day, at) => `${x(at)},${y(day[line.key])}`).join(' ')} />
        ))}
      </svg>
      <Legend labels={series.map((line) => line.label)} />
    </figure>
  );
}

function StackedBars({ days }: { days: DayRow[] }) {
  const totals = days.map((day) => FORM_TYPES.reduce((sum, type) => sum + (day.leads[type] ?? 0), 0));
  const max = niceMax(Math.max(0, ...totals));
  const plotHeight = CHART.height - CHART.bottom - CHART.top;
  const slot = (CHART.width - CHART.left) / days.length;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label="Leads per form per day; the figures are in the table below.">
        <Axes max={max} days={days} />
        {days.map((day, index) => {
          let base = CHART.top + plotHeight;
          return (
            <g key={day.day}>
              {FORM_TYPES.map((type, series) => {
                const height = ((day.leads[type] ?? 0) / max) * plotHeight;
                base -= height;
                return height > 0 ? <rect key={type} className={`chart__series-${series + 1}`} x={CHART.left + index * slot + slot * 0.15} width={slot * 0.7} y={base} height={height} /> : null;
              })}
            </g>
          );
        })}
      </svg>
      <Legend labels={FORM_TYPES.map((type) => FORM_TYPE_LABELS[type])} />
    </figure>
  );
}

function Legend({ labels }: { labels: string[] }) {
  return (
    <figcaption>
      <ul className="chart__legend">
        {labels.map((label, index) => (
          <li key={label}>
            <span className={`chart__swatch chart__series-${index + 1}`} aria-hidden="true" />
            {label}
          </li>
        ))}
      </ul>
    </figcaption>
  );
}
