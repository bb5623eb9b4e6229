import { renderToStaticMarkup } from 'react-dom/server';
import type { UnmatchedMessageJson } from '../../shared/inbound-mail';
import { DashboardContext } from './context';
import { addressOf, InboundMessage, UnmatchedMailView } from './UnmatchedMailView';
import { offlineServices } from './test-services';

const MESSAGE: UnmatchedMessageJson = {
  id: 'm1',
  from: '"Evil <b>Corp</b>" <sales@evil.example>',
  to: 'hello@brightpath.example',
  subject: 'New project <img src=x onerror=alert(1)>',
  text: 'Hi,\nwe need a site.\n',
  quoted: '> old text',
  at: '2026-03-02T15:30:00.000Z',
  attachments: [{ name: 'plan.pdf', bytes: 2048, url: '/api/mail-attachments/p1' }],
  attachmentsOmitted: 0,
  reason: 'No lead has this sender’s address.',
};

const render = (node: React.ReactElement) => renderToStaticMarkup(<DashboardContext.Provider value={offlineServices}>{node}</DashboardContext.Provider>);
const noop = () => undefined;

describe('Unmatched mail', () => {
  it('opens loading the list, under its heading', () => {
    const html = render(<UnmatchedMailView />);
    expect(html).toContain('data-view-heading="true">Unmatched mail</h1>');
    expect(html).toContain('Loading the unmatched mail…');
  });

  it('shows each message as text: from, time, subject, why, text, the quote folded, attachments, and its three actions', () => {
    const html = render(<InboundMessage message={MESSAGE} busy={false} onAttach={noop} onNewLead={noop} onDismiss={noop} />);
    expect(html).toContain('New project &lt;img src=x onerror=alert(1)&gt;</h2>');
    expect(html).toContain('From <strong>&quot;Evil &lt;b&gt;Corp&lt;/b&gt;&quot; &lt;sales@evil.example&gt;</strong>');
    expect(html).toContain('<time class="admin-muted" dateTime="2026-03-02T15:30:00.000Z">2 Mar 2026, 15:30</time>');
    expect(html).toContain('<p class="admin-muted">No lead has this sender’s address.</p>');
    expect(html).toContain('<p class="admin-prewrap admin-thread__text">Hi,\nwe need a site.\n</p>');
    expect(html).toContain('<summary>Show quoted text</summary>');
    expect(html).toContain('<a href="/api/mail-attachments/p1" download="plan.pdf">plan.pdf</a> <span class="admin-muted">(2 KB)</span>');
    expect(html).toContain('<button type="button" class="admin-button admin-button--small" aria-expanded="false">Attach to a lead…</button>');
    expect(html).toContain('>Make a new lead</button>');
    expect(html).toContain('>Dismiss</button>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
  });

  it('disables its actions while one runs', () => {
    const html = render(<InboundMessage message={MESSAGE} busy onAttach={noop} onNewLead={noop} onDismiss={noop} />);
    expect(html.match(/<button [^>]*disabled=""/g)).toHaveLength(3);
  });

  it('searches for the lead starting from the sender’s address', () => {
    expect(addressOf(MESSAGE.from)).toBe('sales@evil.example');
    expect(addressOf('carla@example.com')).toBe('carla@example.com');
    expect(addressOf('Carla <not an address>')).toBe('Carla <not an address>');
  });
});
