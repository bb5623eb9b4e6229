import { Fragment, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { AnalyticsReport, DayRow, SourceRow } from '../../shared/analytics';
import { MAX_RANGE_DAYS, RANGE_PRESETS } from '../../shared/analytics';
import { FORM_TYPE_LABELS, FORM_TYPES } from '../../shared/form-types';
import { addDays, ISO_DATE, localDate } from '../../shared/local-date';
import { axisNumber, csvOf, dayLabel, percentOf, rangeShowsYear, TABLE_PAGE_ROWS, tablePagerText } from './analytics-text';
import { ViewHeading } from './ViewHeading';
import { DataTable, DateField, LoadStatus, useData, type Column } from './kit';
import { analyticsApi } from './analytics-api';

type Range = { from: string; to: string };

/** The range in the address bar (`?from=&to=`), else the last 30 days. */
function rangeFromUrl(today: string): Range {
  const params = new URLSearchParams(window.location.search);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (ISO_DATE.test(from) && ISO_DATE.test(to) && from <= to) return { from, to };
  return { from: addDays(today, -29), to: today };
}

/** Nothing to ask for yet: the range is read from the address bar once the view is in the browser. */
const NOT_YET = new Promise<never>(() => undefined);

/**
 * Analytics: visitors, views and leads of a range, where visitors came from and which pages and
 * campaigns turn them into leads. Every chart has its figures as a table beside it and a CSV file.
 */
export function AnalyticsView() {
  const today = localDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  // Read from the address bar once in the browser (the server renders the loading state).
  const [range, setRange] = useState<Range | null>(null);
  const report = useData((api) => (range ? analyticsApi(api).report(range) : NOT_YET), 'Failed to load the analytics.', range ? `analytics/${range.from}/${range.to}` : 'analytics');

  useEffect(() => setRange(rangeFromUrl(today)), [today]);

  // The range shown stays in the address bar, so a reload or a shared link shows the same.
  useEffect(() => {
    if (!range) return;
    const url = new URL(window.location.href);
    url.searchParams.set('from', range.from);
    url.searchParams.set('to', range.to);
    window.history.replaceState(window.history.state, '', url);
  }, [range]);

  return (
    <>
      <ViewHeading title="Analytics">
        <p className="admin-view__lead">Counted on our own server: no cookies, no third parties, nobody followed from one day to the next.</p>
      </ViewHeading>
      {range && <RangePicker range={range} today={today} onChange={setRange} />}
      <LoadStatus of={report} loadingText="Loading the analytics…" />
      {report.data && <Report report={report.data} today={today} />}
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

function Report({ report, today }: { report: AnalyticsReport; today: string }) {
  const withYear = rangeShowsYear(report.from, report.to, today);
  const dayName = (day: string) => <time dateTime={day}>{dayLabel(day, withYear)}</time>;
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
          chart={<LineChart days={report.days} withYear={withYear} series={[{ key: 'views', label: 'Page views' }, { key: 'visitors', label: 'Visitors' }]} />}
          columns={['Day', 'Visitors', 'Page views']}
          rows={report.days.map((day) => [day.day, day.visitors, day.views])}
          renderName={dayName}
          fileName={fileName('visitors')}
        />
        <ChartCard
          title="Leads per form per day"
          chart={<StackedBars days={report.days} withYear={withYear} />}
          columns={['Day', ...FORM_TYPES.map((type) => FORM_TYPE_LABELS[type])]}
          rows={report.days.map((day) => [day.day, ...FORM_TYPES.map((type) => day.leads[type] ?? 0)])}
          renderName={dayName}
          fileName={fileName('leads')}
        />
      </div>
      <TableCard
        title="Top pages"
        columns={['Page', 'Views', 'Visitors', 'Leads sent from it', 'Conversion']}
        rows={report.pages.map((page) => [page.path, page.views, page.visitors, page.leads, percentOf(page.leads, page.visitors)])}
        renderName={pathName}
        empty="No page views in this range."
        fileName={fileName('pages')}
      />
      <div className="analytics-grid">
        <SourceCard title="Landing pages" nameColumn="Page" rows={report.landingPages} fileName={fileName('landing-pages')} renderName={pathName} />
        <SourceCard title="Campaigns" nameColumn="utm_campaign" rows={report.campaigns} fileName={fileName('campaigns')} />
        <SourceCard title="Referrers" nameColumn="Site" rows={report.referrers} fileName={fileName('referrers')} />
        <LeadCountCard title="Services requested" columns={['Service', 'Leads']} rows={report.services} empty="No enquiries or quote requests in this range." fileName={fileName('services')} />
        <LeadCountCard title="Quote budgets" columns={['Budget', 'Quote requests']} rows={report.budgets} empty="No quote requests in this range." fileName={fileName('budgets')} />
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

/** How a row's name shows in a table (the CSV file keeps it as it is): a day, a page path. */
type RenderName = (name: string) => ReactNode;

/**
 * A page path that may break only after its slashes ("/services/" "web-design"), never letter by
 * letter in a narrow column.
 */
function pathName(path: string): ReactNode {
  const parts = path.split(/(?<=\/)/);
  // One element, so a phone's card lays the path out as one value beside its label.
  return (
    <span>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * The figures as the kit's table, 50 rows at a time (a report can hold 800 days): its columns
 * made from the headers, the first naming the row, the others figures.
 */
function FiguresTable({ caption, columns, rows, renderName = String }: { caption: string; columns: string[]; rows: Cell[][]; renderName?: RenderName }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / TABLE_PAGE_ROWS));
  const current = Math.min(page, pages - 1);
  const first = current * TABLE_PAGE_ROWS;
  const shown = rows.slice(first, first + TABLE_PAGE_ROWS);
  const tableColumns: Column<Cell[]>[] = columns.map((header, index) => ({
    key: header,
    header,
    rowHeader: index === 0,
    numeric: index > 0,
    cell: (row) => {
      const cell = row[index]!;
      if (index === 0) return renderName(String(cell));
      return typeof cell === 'number' ? cell.toLocaleString('en-US') : cell;
    },
  }));
  return (
    <>
      <DataTable label={caption} columns={tableColumns} rows={shown} rowKey={(row) => String(row[0])} empty="" className="analytics-table" />
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
function ChartCard({ title, chart, columns, rows, fileName, renderName }: { title: string; chart: ReactNode; columns: string[]; rows: Cell[][]; fileName: string; renderName?: RenderName }) {
  const id = useId();
  return (
    <section className="admin-card analytics-card" aria-labelledby={id}>
      <CardHead id={id} title={title} columns={columns} rows={rows} fileName={fileName} />
      {chart}
      <details className="analytics-card__data">
        <summary>Figures as a table</summary>
        <FiguresTable caption={title} columns={columns} rows={rows} renderName={renderName} />
      </details>
    </section>
  );
}

function TableCard({ title, columns, rows, empty, fileName, renderName }: { title: string; columns: string[]; rows: Cell[][]; empty: string; fileName: string; renderName?: RenderName }) {
  const id = useId();
  return (
    <section className="admin-card analytics-card" aria-labelledby={id}>
      <CardHead id={id} title={title} columns={columns} rows={rows} fileName={fileName} />
      {rows.length === 0 ? <p className="admin-muted">{empty}</p> : <FiguresTable caption={title} columns={columns} rows={rows} renderName={renderName} />}
    </section>
  );
}

function SourceCard({ title, nameColumn, rows, fileName, renderName }: { title: string; nameColumn: string; rows: SourceRow[]; fileName: string; renderName?: RenderName }) {
  return (
    <TableCard
      title={title}
      columns={[nameColumn, 'Visitors', 'Leads', 'Conversion']}
      rows={rows.map((row) => [row.name, row.visitors, row.leads, percentOf(row.leads, row.visitors)])}
      empty="Nothing recorded in this range."
      fileName={fileName}
      renderName={renderName}
    />
  );
}

/** Leads counted by one of their answers (the service asked for, the budget given). */
function LeadCountCard({ title, columns, rows, empty, fileName }: { title: string; columns: [string, string]; rows: { name: string; leads: number }[]; empty: string; fileName: string }) {
  return <TableCard title={title} columns={columns} rows={rows.map((row) => [row.name, row.leads])} empty={empty} fileName={fileName} />;
}

/** The chart's box in SVG units; the margins for the axis labels follow what the labels say. */
const CHART = { width: 480, height: 200, top: 10, dayLine: 15 };
/** Width of one axis label character at the axes' font size (13 units; digits are about 7.5 wide). */
const LABEL_CHAR = 8;

interface Plot {
  left: number;
  bottom: number;
  ticks: number[];
  /** The centre of day `index` of the range. */
  x: (index: number) => number;
  /** The height of a value on the value axis. */
  y: (value: number) => number;
  height: number;
}

/** Where the axes and the plot go for a range of `days` drawn up to `max`. */
function plotOf(max: number, days: number, withYear: boolean): Plot {
  const ticks = [0, max / 2, max];
  const left = 10 + LABEL_CHAR * Math.max(...ticks.map((tick) => axisNumber(tick).length));
  const bottom = 10 + CHART.dayLine * (withYear ? 2 : 1);
  const height = CHART.height - bottom - CHART.top;
  return {
    left,
    bottom,
    ticks,
    height,
    x: (index) => left + ((index + 0.5) * (CHART.width - left)) / days,
    y: (value) => CHART.top + height - (value / max) * height,
  };
}

/** A round top for the value axis: 1, 2 or 5 times a power of ten. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= value)!;
}

function Axes({ plot, days, withYear }: { plot: Plot; days: DayRow[]; withYear: boolean }) {
  // Fewer day labels when each carries its year, so they never run into each other.
  const labelEvery = Math.max(1, Math.ceil(days.length / (withYear ? 5 : 6)));
  // A day label is centred on its day but kept inside the chart's box at either end.
  const halfLabel = (LABEL_CHAR * 6) / 2;
  const labelX = (index: number) => Math.min(CHART.width - halfLabel, Math.max(halfLabel, plot.x(index)));
  return (
    <g className="chart__axes">
      {plot.ticks.map((tick) => {
        const y = plot.y(tick);
        return (
          <g key={tick}>
            <line x1={plot.left} x2={CHART.width} y1={y} y2={y} className="chart__grid" />
            <text x={plot.left - 6} y={y + 4} textAnchor="end">
              {axisNumber(tick)}
            </text>
          </g>
        );
      })}
      {days.map((day, index) => {
        if (index % labelEvery !== 0) return null;
        const [monthDay, year] = dayLabel(day.day, withYear).split(', ');
        const x = labelX(index);
        return (
          <text key={day.day} x={x} y={CHART.height - plot.bottom + 4 + CHART.dayLine} textAnchor="middle">
            {monthDay}
            {year && (
              <tspan x={x} dy={CHART.dayLine}>
                {year}
              </tspan>
            )}
          </text>
        );
      })}
    </g>
  );
}

function LineChart({ days, withYear, series }: { days: DayRow[]; withYear: boolean; series: { key: 'views' | 'visitors'; label: string }[] }) {
  const plot = plotOf(niceMax(Math.max(0, ...days.flatMap((day) => series.map((line) => day[line.key])))), days.length, withYear);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={`${series.map((line) => line.label).join(' and ')} per day; the figures are in the table below.`}>
        <Axes plot={plot} days={days} withYear={withYear} />
        {series.map((line, index) => (
          <polyline key={line.key} className={`chart__line chart__series-${index + 1}`} points={days.map((day, at) => `${plot.x(at)},${plot.y(day[line.key])}`).join(' ')} />
        ))}
      </svg>
      <Legend labels={series.map((line) => line.label)} />
    </figure>
  );
}

function StackedBars({ days, withYear }: { days: DayRow[]; withYear: boolean }) {
  const totals = days.map((day) => FORM_TYPES.reduce((sum, type) => sum + (day.leads[type] ?? 0), 0));
  const plot = plotOf(niceMax(Math.max(0, ...totals)), days.length, withYear);
  const slot = (CHART.width - plot.left) / days.length;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label="Leads per form per day; the figures are in the table below.">
        <Axes plot={plot} days={days} withYear={withYear} />
        {days.map((day, index) => {
          let stacked = 0;
          return (
            <g key={day.day}>
              {FORM_TYPES.map((type, series) => {
                const value = day.leads[type] ?? 0;
                if (value === 0) return null;
                const top = plot.y(stacked + value);
                const base = plot.y(stacked);
                stacked += value;
                return <rect key={type} className={`chart__series-${series + 1}`} x={plot.left + index * slot + slot * 0.15} width={slot * 0.7} y={top} height={base - top} />;
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
