import { useId, useState } from 'react';
import { SLUG_KINDS, SLUG_LENGTH, slugProblem, type SlugKind } from '../../../shared/content/documents';
import { useOverlay } from '../../lib/use-overlay';
import { useDashboard } from '../context';
import { errorText, Field, fieldErrorsOf, FormError, SubmitButton, useSubmit } from '../kit';
import { contentApi } from './content-api';

/** The address a name suggests: "Video Production & Editing" → `video-production-editing`. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_LENGTH.max)
    .replace(/-+$/, '');
}

/** Why `name` cannot name a new document of `kind`, in words, or null: its starting data is checked against the kind's schema. */
export function nameProblem(kind: SlugKind, name: string): string | null {
  if (name.trim() === '') return `Give the ${SLUG_KINDS[kind].noun}’s name.`;
  const parsed = SLUG_KINDS[kind].schema.safeParse(SLUG_KINDS[kind].starting(name.trim()));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Use a shorter name.');
}

/**
 * "Add service", "Add industry", "Add page": a name and the address, proposed from the name until
 * staff change it, each checked beside its field (the slug as the server checks it, and what only
 * the server knows: an address that exists or that a redirect answers). The new document is saved
 * as a draft with its kind's starting content and opened in the editor; nothing is on the site
 * until it is published.
 */
export function AddDocumentDialog({ kind, onClose }: { kind: SlugKind; onClose: () => void }) {
  const { api, navigate, notify } = useDashboard();
  const id = useId();
  const ref = useOverlay<HTMLDivElement>({ open: true, onClose, lockScroll: true });
  const { noun, address } = SLUG_KINDS[kind];
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [local, setLocal] = useState<{ name?: string; slug?: string }>({});
  const [serverSlugError, setServerSlugError] = useState('');

  const form = useSubmit(async () => {
    const problems = { name: nameProblem(kind, name) ?? undefined, slug: slugProblem(slug) ?? undefined };
    setLocal(problems);
    setServerSlugError('');
    if (problems.name || problems.slug) return;
    const key = `${kind}/${slug}`;
    try {
      await contentApi(api, key).saveDraft(SLUG_KINDS[kind].starting(name.trim()), 0);
    } catch (failure) {
      // The fields of the starting data are the name's; anything else the server refuses (the
      // address exists, is reserved, or a redirect answers it) is about the address.
      if (Object.keys(fieldErrorsOf(failure)).length > 0) setLocal({ name: Object.values(fieldErrorsOf(failure))[0] });
      else setServerSlugError(errorText(failure, `The ${noun} could not be added. Try again.`));
      return;
    }
    notify({ tone: 'success', text: `${name.trim()} added as a draft: write it, then publish it to put it on the site.` });
    onClose();
    navigate({ name: 'website-document', key });
  }, `The ${noun} could not be added. Try again.`);

  const slugError = local.slug ?? (serverSlugError || undefined);
  return (
    <div className="admin-modal">
      <div className="admin-modal__backdrop" aria-hidden="true" onClick={() => !form.pending && onClose()} />
      <div ref={ref} className="admin-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <h2 id={`${id}-title`} className="admin-dialog__title">
          Add {noun === 'industry' ? 'an' : 'a'} {noun}
        </h2>
        <form className="admin-add-document" onSubmit={form.onSubmit} noValidate>
          <Field label="Name" error={local.name} required>
            <input
              value={name}
              autoComplete="off"
              data-autofocus
              onChange={(event) => {
                setName(event.target.value);
                if (!slugEdited) setSlug(slugFromName(event.target.value));
              }}
            />
          </Field>
          <Field label="Address" hint={`Lower-case letters, digits and hyphens: the page will be at ${address(slugProblem(slug) === null ? slug : 'your-address')}.`} error={slugError} required>
            <input
              value={slug}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              onChange={(event) => {
                setSlug(event.target.value);
                setSlugEdited(true);
              }}
            />
          </Field>
          <FormError error={form.error} />
          <div className="admin-dialog__actions">
            <button type="button" className="admin-button admin-button--ghost" onClick={onClose} disabled={form.pending}>
              Cancel
            </button>
            <SubmitButton pending={form.pending} pendingText="Adding…">
              Add {noun}
            </SubmitButton>
          </div>
        </form>
      </div>
    </div>
  );
}
