import { renderToStaticMarkup } from 'react-dom/server';
import type { LeadDetail } from '../../shared/leads';
import type { ThreadMessageJson } from '../../shared/inbound-mail';
import type { ReplyJson } from '../../shared/replies';
import { DashboardContext, type DashboardServices } from './context';
import { LeadThread } from './LeadReply';
import { offlineServices } from './test-services';
import { hasWaiting, pollWhile, splitQuoted, threadOf, type LeadWithThread } from './thread';

const LEAD: LeadDetail = {
  _id: '6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e',
  type: 'contact',
  submittedAt: '2026-03-02T09:00:00.000Z',
  status: 'responded',
  readAt: '2026-03-02T09:05:00.000Z',
  respondedAt: '2026-03-02T10:00:00.000Z',
  dueAt: '2026-03-03T09:00:00.000Z',
  name: 'Carla Contact',
  email: 'carla@example.com',
  subject: 'Bakery website',
  summary: 'Bakery website — A site with online orders.',
  spamReason: null,
  spamAt: null,
  fields: { name: 'Carla Contact', email: 'carla@example.com', subject: 'Bakery website', message: 'A site with online orders.\nAnd delivery slots.' },
  attribution: { landingPath: null, sourcePath: null, referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null },
  notes: [],
  history: [],
  notification: null,
  replies: [],
  composer: null,
  messages: [],
};

const message = (fields: Partial<ThreadMessageJson> & Pick<ThreadMessageJson, 'id' | 'direction' | 'at'>): ThreadMessageJson => ({
  from: fields.direction === 'out' ? 'Maria Lopez' : 'Carla Contact <carla@example.com>',
  to: fields.direction === 'out' ? 'carla@example.com' : 'hello@brightpath.example',
  subject: 'Re: Bakery website',
  text: 'Hello',
  quoted: null,
  attachments: [],
  ...fields,
});

/** The client's answer arrived before our reply was stored in this list: the thread puts it in time order anyway. */
const MESSAGES: ThreadMessageJson[] = [
  message({
    id: 'in-1',
    direction: 'in',
    at: '2026-03-02T15:30:00.000Z',
    text: 'Thanks!\nSee <script>alert(1)</script> and https://evil.example/login\n\n-- \nCarla, Bakery',
    quoted: '> Hello Carla,\n> we will call you.',
    attachments: [
      { name: 'brief.pdf', bytes: 1_572_864, url: '/api/mail-attachments/a1' },
      { name: 'video.mov', bytes: 31_457_280, url: null },
    ],
  }),
  message({ id: 'out-1', direction: 'out', at: '2026-03-02T10:00:00.000Z', text: 'Hello Carla,\nwe will call you.', state: 'sent', stateText: 'Accepted by the mail server.' }),
  message({ id: 'out-2', direction: 'out', at: '2026-03-02T16:00:00.000Z', text: 'Great, talk soon.', state: 'waiting', stateText: 'Waiting to be sent.', attempts: 0 }),
];

const services = (timeZone: string): DashboardServices => ({ ...offlineServices, dates: { timeZone } });
const render = (lead: LeadWithThread, { isOwner = false, timeZone = 'UTC' } = {}) =>
  renderToStaticMarkup(
    <DashboardContext.Provider value={services(timeZone)}>
      <LeadThread lead={lead} isOwner={isOwner} />
    </DashboardContext.Provider>,
  );

describe('the conversation on a lead', () => {
  it('is one thread in time order: the client’s form first, then ours and theirs by time', () => {
    const items = threadOf({ ...LEAD, messages: MESSAGES });
    expect(items.map((item) => [item.key, item.direction])).toEqual([
      ['lead', 'in'],
      ['message-out-1', 'out'],
      ['message-in-1', 'in'],
      ['message-out-2', 'out'],
    ]);
    const html = render({ ...LEAD, messages: MESSAGES });
    const order = ['A site with online orders.', 'we will call you.', 'Thanks!', 'Great, talk soon.'].map((text) => html.indexOf(text));
    expect(order.every((at, index) => at > 0 && (index === 0 || at > order[index - 1]!))).toBe(true);
  });

  it('says whose each message is in words, with sender, subject and the time in the agency’s zone', () => {
    const html = render({ ...LEAD, messages: MESSAGES }, { timeZone: 'America/New_York' });
    expect(html).toContain('<li class="admin-thread__message admin-thread__message--ours"><article aria-label="Sent by Maria Lopez, 2 Mar 2026, 05:00">');
    expect(html).toContain('<span class="admin-thread__tag admin-thread__tag--theirs">Client</span> <strong>Carla Contact &lt;carla@example.com&gt;</strong> wrote');
    expect(html).toContain('<span class="admin-thread__tag admin-thread__tag--ours">Ours</span> <strong>Maria Lopez</strong> replied');
    expect(html).toContain('<time class="admin-muted" dateTime="2026-03-02T15:30:00.000Z">2 Mar 2026, 10:30</time>');
    expect(html).toContain('<p class="admin-thread__subject">Re: Bakery website</p>');
  });

  it('shows the text as text: line breaks kept, markup escaped, no link made of an address, the signature kept', () => {
    const html = render({ ...LEAD, messages: MESSAGES });
    expect(html).toContain('<p class="admin-prewrap admin-thread__text">Thanks!\nSee &lt;script&gt;alert(1)&lt;/script&gt; and https://evil.example/login\n\n-- \nCarla, Bakery</p>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="https://evil.example');
  });

  it('folds the quoted history under "Show quoted text"', () => {
    const html = render({ ...LEAD, messages: MESSAGES });
    expect(html).toContain('<details class="admin-thread__body"><summary>Show quoted text</summary><pre class="admin-prewrap">&gt; Hello Carla,\n&gt; we will call you.</pre></details>');
    // A message the API did not fold is folded here the same way.
    const unfolded = render({ ...LEAD, messages: [message({ id: 'in-2', direction: 'in', at: '2026-03-03T08:00:00.000Z', text: 'Yes please.\n\nOn 2 Mar 2026, Maria wrote:\n> Shall we call?' })] });
    expect(unfolded).toContain('<p class="admin-prewrap admin-thread__text">Yes please.</p><details class="admin-thread__body"><summary>Show quoted text</summary><pre class="admin-prewrap">On 2 Mar 2026, Maria wrote:\n&gt; Shall we call?</pre>');
  });

  it('lists attachments with name, size in human units and a download link, or why one was not kept', () => {
    const html = render({ ...LEAD, messages: MESSAGES });
    expect(html).toContain('<ul class="admin-attachments" aria-label="2 attachments">');
    expect(html).toContain('<a href="/api/mail-attachments/a1" download="brief.pdf">brief.pdf</a> <span class="admin-muted">(1.5 MB)</span>');
    expect(html).toContain('<span>video.mov</span> <span class="admin-muted">(30 MB; not kept: larger than 10 MB, or past the 25 MB a message may keep)</span>');
    // A link to anywhere but this site is not made.
    const hostile = render({ ...LEAD, messages: [message({ id: 'in-3', direction: 'in', at: '2026-03-03T08:00:00.000Z', attachments: [{ name: 'x.html', bytes: 10, url: '//evil.example/x' }] })] });
    expect(hostile).toContain('<span>x.html</span> <span class="admin-muted">(10 bytes)</span>');
    expect(hostile).not.toContain('evil.example');
  });

  it('says where ours are in words: waiting, sent, and the state text (never "Mail server: 250 …")', () => {
    const html = render({ ...LEAD, messages: MESSAGES });
    expect(html).toContain('<span class="admin-mail-state">Sent</span> · Accepted by the mail server.');
    expect(html).toContain('<span class="admin-mail-state">Waiting to be sent</span></p>');
  });

  it('keeps every piece the replies list showed, from `replies` while the lead has no `messages`', () => {
    const reply = (fields: Partial<ReplyJson>): ReplyJson => ({
      id: '1',
      subject: 'Re: Bakery website',
      body: 'Hello Carla,\n\nMaria Lopez\nBrightpath Digital\n\nOn 2 Mar 2026, at 09:00, Carla Contact wrote:\n> A site with online orders.',
      author: 'Maria Lopez',
      createdAt: '2026-03-02T10:00:00.000Z',
      state: 'delivered',
      sentAt: '2026-03-02T10:00:05.000Z',
      attempts: 1,
      smtpAnswer: '250 2.0.0 Ok: queued as 4BC1F2A0E1',
      stateText: 'Accepted by the mail server.',
      messageId: '<a@brightpath.example>',
      ...fields,
    });
    const lead = { ...LEAD, messages: undefined, replies: [reply({}), reply({ id: '2', createdAt: '2026-03-02T11:00:00.000Z', state: 'failed', attempts: 10, smtpAnswer: 'connect ECONNREFUSED 10.0.0.5:587', stateText: 'Could not reach the mail server. Gave up after 10 attempts.' })] };
    const editor = render(lead);
    expect(editor).toContain('<strong>Maria Lopez</strong> replied');
    expect(editor).toContain('<span class="admin-mail-state">Sent</span> · Accepted by the mail server.</p>');
    expect(editor).toContain('<span class="admin-mail-state admin-mail-state--failed">Failed</span> · Could not reach the mail server. Gave up after 10 attempts.</p>');
    expect(editor).toContain('<p class="admin-prewrap admin-thread__text">Hello Carla,\n\nMaria Lopez\nBrightpath Digital</p>');
    expect(editor).not.toContain('Mail server:');
    expect(editor).not.toContain('250 2.0.0');
    expect(editor).not.toContain('ECONNREFUSED');
    // An owner may open the server's own words, folded away.
    const owner = render(lead, { isOwner: true });
    expect(owner).toContain('<details class="admin-thread__raw"><summary>The mail server’s own answer</summary><code class="admin-prewrap">250 2.0.0 Ok: queued as 4BC1F2A0E1</code></details>');
    expect(render(LEAD)).toContain('No reply sent from here yet.');
  });
});

describe('splitting the quoted history from a message', () => {
  it('starts the quote at an "On … wrote:" line or a last run of "> " lines', () => {
    expect(splitQuoted('Yes.\n\nOn Mon, Ada wrote:\n> Hi\n> there')).toEqual({ text: 'Yes.', quoted: 'On Mon, Ada wrote:\n> Hi\n> there' });
    expect(splitQuoted('Yes.\r\n> Hi\r\n\r\n> there\r\n')).toEqual({ text: 'Yes.', quoted: '> Hi\n\n> there' });
    // Quoted lines answered between are the text, not history.
    expect(splitQuoted('> Can you?\nYes.\n> And then?\nNo.')).toEqual({ text: '> Can you?\nYes.\n> And then?\nNo.', quoted: null });
    expect(splitQuoted('Just text.\n-- \nCarla')).toEqual({ text: 'Just text.\n-- \nCarla', quoted: null });
    // Nothing but a quote: shown, not folded into nothing.
    expect(splitQuoted('> only a quote')).toEqual({ text: '> only a quote', quoted: null });
  });
});

describe('a reply’s state updates on the page', () => {
  afterEach(() => jest.useRealTimers());

  it('knows when one of ours waits for the mail server', () => {
    expect(hasWaiting({ ...LEAD, messages: MESSAGES })).toBe(true);
    expect(hasWaiting({ ...LEAD, messages: MESSAGES.filter((item) => item.state !== 'waiting') })).toBe(false);
    expect(hasWaiting(LEAD)).toBe(false);
  });

  it('asks for the lead every interval while one waits, and stops once none does', async () => {
    jest.useFakeTimers();
    const waiting = { ...LEAD, messages: MESSAGES };
    const sent = { ...LEAD, messages: MESSAGES.map((item) => (item.state === 'waiting' ? { ...item, state: 'sent' as const, stateText: 'Accepted by the mail server.' } : item)) };
    const answers = [waiting, sent];
    const load = jest.fn(() => Promise.resolve(answers.shift()!));
    const shown: LeadWithThread[] = [];
    pollWhile({ load, intervalMs: 3000, keepGoing: hasWaiting, onResult: (lead) => shown.push(lead) });

    expect(load).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(3000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(hasWaiting(shown[0]!)).toBe(true);
    await jest.advanceTimersByTimeAsync(3000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(hasWaiting(shown[1]!)).toBe(false);
    // None waits: no more calls, however long the page stays open.
    await jest.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again after a failed call, and drops an answer that comes after it was stopped', async () => {
    jest.useFakeTimers();
    let resolveLate: (lead: LeadWithThread) => void = () => undefined;
    const load = jest
      .fn<Promise<LeadWithThread>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementationOnce(() => new Promise((resolve) => (resolveLate = resolve)));
    const onResult = jest.fn();
    const stop = pollWhile({ load, intervalMs: 3000, keepGoing: hasWaiting, onResult });
    await jest.advanceTimersByTimeAsync(3000);
    await jest.advanceTimersByTimeAsync(3000);
    expect(load).toHaveBeenCalledTimes(2);
    stop();
    resolveLate({ ...LEAD, messages: MESSAGES });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(onResult).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
