import type { Ref } from 'react';
import { ImageThumbnail } from './ChangeList';
import { unchosen, type Choice, type Conflict } from './conflict';
import type { ImageValue } from './schema-fields';

interface ConflictChoicesProps {
  conflict: Conflict;
  busy: boolean;
  onChoose: (path: string, choice: Choice) => void;
  onSave: () => void;
  ref?: Ref<HTMLElement>;
}

/**
 * The fields both people changed, each with both values and a choice: keep mine or take theirs.
 * Everything else each of them changed is merged already. Saving waits for a choice per field.
 */
export function ConflictChoices({ conflict, busy, onChoose, onSave, ref }: ConflictChoicesProps) {
  const who = conflict.by ?? 'Someone else';
  const left = unchosen(conflict).length;
  return (
    <section ref={ref} className="admin-content-conflict" aria-labelledby="content-conflict-title" tabIndex={-1}>
      <h2 id="content-conflict-title" className="admin-content-conflict__title">
        {who} saved this page while you were editing
      </h2>
      <p>Everything else you and {conflict.by ?? 'they'} changed is kept. {conflict.fields.length === 1 ? 'You both changed one field: choose whose to keep.' : `You both changed ${conflict.fields.length} fields: choose whose to keep for each.`}</p>
      {conflict.fields.map((field, index) => (
        <fieldset key={field.path} className="admin-content-conflict__field">
          <legend>{field.label}</legend>
          <ChoiceOption name={`conflict-${index}`} checked={conflict.choices[field.path] === 'mine'} onChange={() => onChoose(field.path, 'mine')} label="Keep mine" text={field.after} image={field.images?.after} />
          <ChoiceOption name={`conflict-${index}`} checked={conflict.choices[field.path] === 'theirs'} onChange={() => onChoose(field.path, 'theirs')} label={`Take ${conflict.by ? `${conflict.by}’s` : 'theirs'}`} text={field.before} image={field.images?.before} />
        </fieldset>
      ))}
      <div className="admin-content-conflict__actions">
        <button type="button" className="admin-button" disabled={busy || left > 0} aria-describedby={left > 0 ? 'content-conflict-left' : undefined} onClick={onSave}>
          Save with these choices
        </button>
        {left > 0 && (
          <span id="content-conflict-left" className="admin-muted">
            {left === 1 ? 'Choose for 1 more field.' : `Choose for ${left} more fields.`}
          </span>
        )}
      </div>
    </section>
  );
}

function ChoiceOption({ name, checked, onChange, label, text, image }: { name: string; checked: boolean; onChange: () => void; label: string; text: string; image: ImageValue | null | undefined }) {
  return (
    <label className="admin-content-conflict__option">
      <input type="radio" name={name} checked={checked} onChange={onChange} />
      <span>
        <strong>{label}:</strong> {image && <ImageThumbnail image={image} />}
        <span className="admin-prewrap">{text}</span>
      </span>
    </label>
  );
}
