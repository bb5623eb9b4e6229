import { homeSchema } from '../../../shared/content/documents';
import { conflictOf } from './conflict';
import { byField, draftReducer, initialDraft, type DraftEvent, type DraftState } from './document-draft';
import { fieldTree } from './schema-fields';

const stored = { banner: { heading: 'Stored heading', lead: 'Stored lead' } };
const typed = { banner: { heading: 'Typed heading', lead: 'Stored lead' } };

/** The state after `events`, from a fresh editor. */
const after = (...events: DraftEvent[]) => events.reduce(draftReducer, initialDraft);
const loaded: DraftEvent = { type: 'loaded', stored, base: 3 };
const typing: DraftEvent = { type: 'typed', path: ['banner', 'heading'], value: 'Typed heading' };
const saved = { tone: 'success', text: 'Draft saved. The public site has not changed.' } as const;

/** A conflict over the heading: theirs (version 7) changed it, and so did the typing. */
function headingConflict() {
  const theirs = { banner: { heading: 'Their heading', lead: 'Stored lead' } };
  return conflictOf(fieldTree(homeSchema), { version: 7, data: theirs, savedBy: 'admin', merged: theirs, fields: ['banner.heading'] }, typed);
}

describe('a document’s draft in the editor', () => {
  it('shows the stored document when it first loads', () => {
    expect(after(loaded)).toMatchObject({ form: { data: stored, base: 3, dirty: false }, restoredTyping: false });
  });

  it('brings back typing kept from before a reload, unless it is what is stored', () => {
    expect(after({ ...loaded, typed })).toMatchObject({ form: { data: typed, base: 3, dirty: true }, restoredTyping: true });
    expect(after({ ...loaded, typed: structuredClone(stored) })).toMatchObject({ form: { data: stored, dirty: false }, restoredTyping: false });
  });

  it('follows the stored document until typed over, then keeps the typing', () => {
    const newer = { type: 'loaded', stored: typed, base: 4 } as const;
    expect(after(loaded, newer).form).toEqual({ data: typed, base: 4, dirty: false });
    const overTyping = after(loaded, { type: 'typed', path: ['banner', 'lead'], value: 'My lead' }, newer);
    expect(overTyping.form).toEqual({ data: { banner: { heading: 'Stored heading', lead: 'My lead' } }, base: 3, dirty: true });
  });

  it('takes typing only once there is a form, over the version it was typed on', () => {
    expect(after(typing)).toEqual(initialDraft);
    expect(after(loaded, typing).form).toEqual({ data: typed, base: 3, dirty: true });
  });

  it('clears what an earlier action said when a new one starts, keeping the typing and its checks', () => {
    const refused = after(loaded, typing, { type: 'checked', errors: { 'banner.heading': 'Too long' } }, { type: 'fields-refused', errors: { 'banner.lead': 'Refused' } });
    const started = draftReducer(refused, { type: 'started', action: 'publish' });
    expect(started).toMatchObject({ pending: 'publish', serverErrors: {}, refusal: null, summary: null, outcome: null, clientErrors: { 'banner.heading': 'Too long' }, form: refused.form });
    expect(draftReducer(started, { type: 'finished' }).pending).toBe('');
  });

  it('lists the fields the checks refused at the top and asks for focus there, each time anew', () => {
    const once = after(loaded, { type: 'checked', errors: { 'banner.heading': 'Enter a heading.', _form: 'Something is off.' } });
    expect(once.clientErrors).toEqual({ 'banner.heading': 'Enter a heading.', _form: 'Something is off.' });
    expect(once.summary).toEqual({
      title: 'Fix these fields first',
      entries: [
        { path: ['banner', 'heading'], message: 'Enter a heading.' },
        { path: null, message: 'Something is off.' },
      ],
    });
    expect(once.focus).toEqual({ on: 'summary' });
    const twice = draftReducer(once, { type: 'checked', errors: { 'banner.heading': 'Enter a heading.' } });
    expect(twice.focus).not.toBe(once.focus);
    // Passing checks clear the fields' errors and ask for nothing.
    const passed = draftReducer(draftReducer(twice, { type: 'started', action: 'save' }), { type: 'checked', errors: {} });
    expect(passed).toMatchObject({ clientErrors: {}, summary: null, focus: twice.focus });
  });

  it('follows corrections as they are typed without listing them again', () => {
    const told = after(loaded, { type: 'checked', errors: { 'banner.heading': 'Enter a heading.' } });
    expect(draftReducer(told, { type: 'rechecked', errors: {} })).toMatchObject({ clientErrors: {}, summary: told.summary, focus: told.focus });
  });

  it('shows the server’s merge after a save, unless typing went on meanwhile', () => {
    const merged = { banner: { heading: 'Typed heading', lead: 'Their lead' } };
    const typedState = after(loaded, typing);
    const sent = typedState.form!.data;
    expect(draftReducer(typedState, { type: 'saved', sent, version: 5, data: merged, outcome: saved })).toMatchObject({ form: { data: merged, base: 5, dirty: false }, outcome: saved });
    const more = draftReducer(typedState, { type: 'typed', path: ['banner', 'lead'], value: 'Typed on' });
    expect(draftReducer(more, { type: 'saved', sent, version: 5, data: merged, outcome: saved }).form).toEqual({ data: more.form!.data, base: 5, dirty: true });
    // An answer without data (nothing merged) keeps what was sent.
    expect(draftReducer(typedState, { type: 'saved', sent, version: 5, outcome: saved }).form).toEqual({ data: sent, base: 5, dirty: false });
  });

  it('names the fields the server refused, beside them and at the top', () => {
    const refused = after(loaded, typing, { type: 'fields-refused', errors: { 'banner.heading': 'Too long for the server.' } });
    expect(refused.serverErrors).toEqual({ 'banner.heading': 'Too long for the server.' });
    expect(refused.summary?.title).toBe('The server refused these fields');
    expect(refused.outcome).toEqual({ tone: 'error', text: 'Not saved: the server refused some fields.', show: { label: 'Show them', target: 'summary' } });
    expect(refused.form?.dirty).toBe(true);
  });

  it('resolves a conflict field by field and then saves the result over their version', () => {
    const conflict = headingConflict();
    const outcome = { tone: 'conflict', text: 'Not saved yet.', show: { label: 'Show the choices', target: 'conflict' } } as const;
    const shown = after(loaded, typing, { type: 'conflict', conflict, outcome });
    expect(shown).toMatchObject({ conflict, outcome, focus: { on: 'conflict' } });
    const chosen = draftReducer(shown, { type: 'chose', path: 'banner.heading', choice: 'mine' });
    expect(chosen.conflict?.choices).toEqual({ 'banner.heading': 'mine' });
    expect(chosen.focus).toBe(shown.focus);
    expect(draftReducer(chosen, { type: 'resolved' }).form).toEqual({ data: typed, base: 7, dirty: true });
    const theirs = draftReducer(draftReducer(shown, { type: 'chose', path: 'banner.heading', choice: 'theirs' }), { type: 'resolved' });
    expect(theirs.form?.data).toEqual({ banner: { heading: 'Their heading', lead: 'Stored lead' } });
    // A save that goes through ends the conflict.
    expect(draftReducer(theirs, { type: 'saved', sent: theirs.form!.data, version: 8, outcome: saved }).conflict).toBeNull();
  });

  it('leaves the typing clean after a publish and counts it for the history', () => {
    const published = after(loaded, typing, { type: 'published' });
    expect(published).toMatchObject({ form: { data: typed, dirty: false }, historyRound: 1, outcome: { tone: 'success', text: 'Published: the site shows it now.' } });
    expect(draftReducer(published, { type: 'published' }).historyRound).toBe(2);
  });

  it('keeps what the publishing checks refused and warned about, and lists the refusals', () => {
    const problems = byField([{ field: 'banner.heading', message: 'Needs a heading.' }, { message: 'The page needs a description.' }]);
    const warnings = byField([{ field: 'banner[0].lead', message: 'Rather long.' }]);
    expect(problems).toEqual({ 'banner.heading': 'Needs a heading.', _form: 'The page needs a description.' });
    expect(warnings).toEqual({ 'banner.0.lead': 'Rather long.' });
    const refused = after(loaded, { type: 'publish-refused', problems, warnings });
    expect(refused.refusal).toEqual({ problems, warnings });
    expect(refused.summary?.title).toBe('Publishing was refused: fix these first');
    expect(refused.summary?.entries).toHaveLength(2);
    expect(refused.outcome).toMatchObject({ tone: 'error', text: 'Not published: fix the fields listed at the top first.' });
  });

  it('goes back to what is published when the draft is discarded, with nothing of the draft left', () => {
    const busy: DraftState = after(
      { ...loaded, typed },
      { type: 'checked', errors: { 'banner.heading': 'Enter a heading.' } },
      { type: 'conflict', conflict: headingConflict(), outcome: { tone: 'conflict', text: 'Not saved yet.' } },
    );
    const discarded = draftReducer(busy, { type: 'discarded', published: { data: stored, version: 2 } });
    expect(discarded).toMatchObject({
      form: { data: stored, base: 2, dirty: false },
      restoredTyping: false,
      clientErrors: {},
      serverErrors: {},
      refusal: null,
      summary: null,
      conflict: null,
      outcome: { tone: 'success', text: 'Draft discarded: the editor shows what is published.' },
    });
  });

  it('follows the stored document again after the history restored a version', () => {
    const busy = after(loaded, typing, { type: 'checked', errors: { 'banner.heading': 'Enter a heading.' } }, { type: 'failed', text: 'The draft could not be saved.' });
    const restored = draftReducer(busy, { type: 'restored' });
    expect(restored).toMatchObject({ form: { data: typed, dirty: false }, clientErrors: {}, summary: null, outcome: null, conflict: null });
    expect(draftReducer(restored, { type: 'loaded', stored, base: 6 }).form).toEqual({ data: stored, base: 6, dirty: false });
  });

  it('says a failure in the bar, and that a save waits for an upload', () => {
    expect(after(loaded, { type: 'failed', text: 'The image is still uploading.' }).outcome).toEqual({ tone: 'error', text: 'The image is still uploading.' });
    expect(after({ type: 'waiting-for-upload', waiting: true }).waitingForUpload).toBe(true);
    expect(after({ type: 'waiting-for-upload', waiting: true }, { type: 'waiting-for-upload', waiting: false }).waitingForUpload).toBe(false);
  });
});
