import { renderToStaticMarkup } from 'react-dom/server';
import { DataTable, type Column } from './DataTable';
import { Field } from './Field';
import { LoadStatus } from './LoadStatus';
import { FormError, SubmitButton } from './FormParts';

type Account = { name: string; sessions: number };
const columns: Column<Account>[] = [
  { key: 'name', header: 'Username', cell: (row) => row.name, rowHeader: true },
  { key: 'sessions', header: 'Sessions', cell: (row) => row.sessions, numeric: true },
  { key: 'manage', header: 'Manage', phoneLabel: '', cell: () => <button type="button">Delete</button> },
];
const rows = [
  { name: 'ada', sessions: 2 },
  { name: 'bob', sessions: 0 },
];
const noop = () => undefined;

describe('DataTable', () => {
  it('is a captioned table whose headers and phone labels come from the columns', () => {
    const html = renderToStaticMarkup(<DataTable label="Accounts" columns={columns} rows={rows} rowKey={(row) => row.name} empty="No accounts." />);
    expect(html).toMatch(/<div class="admin-table-scroll" role="region" aria-labelledby="([^"]+)" tabindex="0"><table class="admin-table"><caption id="\1" class="visually-hidden">Accounts<\/caption>/);
    expect(html).toContain('<th scope="col">Username</th><th scope="col" class="admin-table__number">Sessions</th><th scope="col">Manage</th>');
    expect(html).toContain('<th scope="row" data-label="Username">ada</th><td class="admin-table__number" data-label="Sessions">2</td><td><button');
  });

  it('says so when there are no rows', () => {
    expect(renderToStaticMarkup(<DataTable label="Accounts" columns={columns} rows={[]} rowKey={(row) => row.name} empty="No accounts yet." />)).toBe('<p class="admin-card admin-empty">No accounts yet.</p>');
  });

  it('adds a labelled selection column', () => {
    const html = renderToStaticMarkup(
      <DataTable label="Accounts" columns={columns} rows={rows} rowKey={(row) => row.name} empty="" selection={{ selected: new Set(['ada']), onChange: noop, allLabel: 'Select all accounts shown', rowLabel: (row) => `Select ${row.name}` }} />,
    );
    expect(html).toContain('<th scope="col"><input type="checkbox" aria-label="Select all accounts shown"/></th>');
    expect(html).toContain('<td data-label="Select"><input type="checkbox" aria-label="Select ada" checked=""/></td>');
    expect(html).toContain('aria-label="Select bob"/>');
  });

  it('offers "Show more" while another page exists, pending while it loads, and its failure', () => {
    const render = (more: { available: boolean; loading: boolean; error: string }) =>
      renderToStaticMarkup(<DataTable label="Accounts" columns={columns} rows={rows} rowKey={(row) => row.name} empty="" more={{ ...more, load: noop }} moreLabel="Show older entries" />);
    expect(render({ available: false, loading: false, error: '' })).not.toContain('admin-pagination');
    expect(render({ available: true, loading: false, error: '' })).toContain('<button type="button" class="admin-button admin-button--ghost admin-button--small">Show older entries</button>');
    expect(render({ available: true, loading: true, error: '' })).toContain('disabled="">Loading…</button>');
    expect(render({ available: true, loading: false, error: 'Failed to load more.' })).toContain('<p class="admin-field__error" role="alert">Failed to load more.</p><button type="button" class="admin-button admin-button--ghost admin-button--small">Try again</button>');
  });
});

describe('Field', () => {
  it('labels its control and ties the hint and the error to it', () => {
    const html = renderToStaticMarkup(
      <Field label="Username" hint="Letters and digits." error="That username is taken." required>
        <input id="new-username" />
      </Field>,
    );
    expect(html).toBe(
      '<div class="admin-field"><label for="new-username">Username<span class="admin-field__required"> *</span></label>' +
        '<p id="new-username-hint" class="admin-field__hint">Letters and digits.</p>' +
        '<input id="new-username" required="" aria-invalid="true" aria-describedby="new-username-hint new-username-error"/>' +
        '<p id="new-username-error" class="admin-field__error">That username is taken.</p></div>',
    );
  });

  it('gives a control without an id one of its own, and no ARIA when there is nothing to say', () => {
    const html = renderToStaticMarkup(
      <Field label="Role">
        <select className="admin-select" />
      </Field>,
    );
    const id = html.match(/<label for="([^"]+)">Role<\/label>/)![1];
    expect(html).toContain(`<select class="admin-select" id="${id}"></select>`);
  });
});

describe('LoadStatus and the form parts', () => {
  const state = { data: null, loading: true, error: '', reload: noop };

  it('says what is loading until the data is there, and offers Retry after a failure', () => {
    expect(renderToStaticMarkup(<LoadStatus of={state} loadingText="Loading the accounts…" />)).toBe('<p class="admin-card admin-loading" role="status">Loading the accounts…</p>');
    expect(renderToStaticMarkup(<LoadStatus of={{ ...state, data: [] }} loadingText="Loading…" />)).toBe('');
    expect(renderToStaticMarkup(<LoadStatus of={{ ...state, loading: false, error: 'No database.' }} loadingText="Loading…" />)).toContain('<p>No database.</p><button type="button" class="admin-button admin-button--small">Retry</button>');
  });

  it('disables the submit button while sending and names the failure', () => {
    expect(renderToStaticMarkup(<SubmitButton pending pendingText="Adding…">Add account</SubmitButton>)).toBe('<button type="submit" class="admin-button" disabled="">Adding…</button>');
    expect(renderToStaticMarkup(<SubmitButton pending={false} pendingText="Adding…">Add account</SubmitButton>)).toBe('<button type="submit" class="admin-button">Add account</button>');
    expect(renderToStaticMarkup(<FormError error="" />)).toBe('');
    expect(renderToStaticMarkup(<FormError error="Failed." />)).toBe('<p class="admin-field__error" role="alert">Failed.</p>');
  });
});
