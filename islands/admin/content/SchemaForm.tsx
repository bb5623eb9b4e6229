import { useId, useRef, useState, type ReactNode } from 'react';
import { Field, ImageUpload, Options } from '../kit';
import { contentImageId } from '../../../shared/content/images';
import { DEFAULT_OPENING_HOURS, type OpeningHours } from '../../../shared/content/opening-hours';
import { phoneForms, phoneProblem } from '../../../shared/content/phone';
import { HoursField } from './HoursField';
import { fieldId, FormContext, GroupMessage, useForm, useMessages } from './schema-form-context';
import { emptyValue, emptyVariant, variantOption, type FieldNode, type FieldPath, type ImageValue, type ObjectNode } from './schema-fields';

/**
 * A content document's form, generated from its schema's field tree (schema-fields.ts): objects as
 * fieldsets, texts by widget, images as file + alternative text + "Decorative", lists with Add,
 * Remove, Move up and Move down. Controlled: `value` is the whole document, `onChange` gets the
 * whole document back. Messages are by field path (`socials.0.href`): `errors` block saving,
 * `warnings` (a problem the server let through) do not.
 */
interface SchemaFormProps {
  tree: FieldNode;
  value: unknown;
  onChange: (path: FieldPath, value: unknown) => void;
  errors: Readonly<Record<string, string>>;
  warnings?: Readonly<Record<string, string>>;
  /** Icon files the site has, offered as suggestions in icon fields. */
  icons: readonly string[];
}


export function SchemaForm({ tree, value, onChange, errors, warnings = {}, icons }: SchemaFormProps) {
  const iconListId = useId();
  return (
    <FormContext.Provider value={{ errors, warnings, change: onChange, iconListId }}>
      {tree.kind === 'object' ? <ObjectFields node={tree} path={[]} value={value} /> : <FieldView node={tree} path={[]} value={value} />}
      <datalist id={iconListId}>
        {icons.map((icon) => (
          <option key={icon} value={icon} />
        ))}
      </datalist>
    </FormContext.Provider>
  );
}

function FieldView({ node, path, value, label }: { node: FieldNode; path: FieldPath; value: unknown; label?: string }) {
  switch (node.kind) {
    case 'object':
      return (
        <fieldset className="admin-fieldset">
          <legend>{label ?? node.title}</legend>
          <ObjectFields node={node} path={path} value={value} />
        </fieldset>
      );
    case 'list':
      return <ListField node={node} path={path} value={Array.isArray(value) ? value : []} />;
    case 'image':
      return <ImageField node={node} path={path} value={value as ImageValue | null} label={label} />;
    case 'text':
      return <TextField node={node} path={path} value={typeof value === 'string' ? value : ''} label={label} />;
    case 'rating':
      return <RatingField path={path} value={typeof value === 'number' ? value : 5} label={label ?? node.title} />;
    case 'number':
      return <NumberField node={node} path={path} value={typeof value === 'number' ? value : node.min} label={label} />;
    case 'checkbox':
      return <CheckboxField node={node} path={path} value={value === true} label={label} />;
    case 'hours':
      return <HoursField node={node} path={path} value={(value as OpeningHours | undefined) ?? DEFAULT_OPENING_HOURS} />;
    case 'choice':
      return <ChoiceField node={node} path={path} value={typeof value === 'string' ? value : null} label={label} />;
    case 'variant': {
      const option = variantOption(node, value);
      return (
        <fieldset className="admin-fieldset">
          <legend>{label ? `${label}: ${option.title}` : option.title}</legend>
          <ObjectFields node={option.node} path={path} value={value} />
        </fieldset>
      );
    }
  }
}

function ObjectFields({ node, path, value }: { node: Extract<FieldNode, { kind: 'object' }>; path: FieldPath; value: unknown }) {
  const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return (
    <>
      <GroupMessage path={path} />
      {node.fields.map(({ name, node: field }) => (
        <FieldView key={name} node={field} path={[...path, name]} value={record[name]} />
      ))}
    </>
  );
}


function TextField({ node, path, value, label }: { node: Extract<FieldNode, { kind: 'text' }>; path: FieldPath; value: string; label?: string }) {
  const { change, iconListId } = useForm();
  const { error, warning } = useMessages(path);
  const id = fieldId(path);
  const over = node.softMax !== undefined && value.trim().length > node.softMax;
  const hint = (
    <>
      {node.description}
      {node.widget === 'icon' && 'A file shipped with the site, such as images/icons/seo.svg.'}
      {node.widget === 'link' && !node.description && 'https://…, mailto:…, tel:… or a page of this site such as /contact.'}
      {node.widget === 'phone' && value.trim() !== '' && !phoneProblem(value) && <span className="admin-field__count"> Shown as {phoneForms(value).shown}.</span>}
      {node.softMax !== undefined && (
        <span className="admin-field__count">
          {' '}
          {value.trim().length} characters; search engines show about {node.softMax}.
        </span>
      )}
    </>
  );
  const hasHint = Boolean(node.description) || node.widget === 'icon' || node.widget === 'link' || node.widget === 'phone' || node.softMax !== undefined;
  const common = {
    id,
    value,
    maxLength: node.maxLength,
    'aria-describedby': warning || over ? `${id}-warning` : undefined,
    onChange: (event: { target: { value: string } }) => change(path, event.target.value),
  };
  const control =
    node.widget === 'multiline' || node.widget === 'rich' ? (
      <textarea {...common} rows={node.widget === 'rich' ? 8 : 3} />
    ) : (
      <input
        {...common}
        type={node.widget === 'phone' ? 'tel' : 'text'}
        spellCheck={node.widget === 'link' || node.widget === 'icon' || node.widget === 'phone' ? false : undefined}
        autoComplete="off"
        list={node.widget === 'icon' ? iconListId : undefined}
        inputMode={node.widget === 'link' ? 'url' : undefined}
      />
    );
  return (
    <div className="admin-content-field">
      <Field label={label ?? node.title} hint={hasHint ? hint : undefined} error={error} required={node.required}>
        {control}
      </Field>
      {(warning || over) && (
        <p id={`${id}-warning`} className="admin-field__warning">
          {warning ?? `Longer than the ${node.softMax} characters search engines show: the end will be cut off. This does not stop publishing.`}
        </p>
      )}
    </div>
  );
}

function RatingField({ path, value, label }: { path: FieldPath; value: number; label: string }) {
  const { change } = useForm();
  const { error } = useMessages(path);
  // Never marked required: a select always holds one of its options (and HTML wants a required
  // select to start with an empty one).
  return (
    <Field label={label} error={error}>
      <select id={fieldId(path)} className="admin-select" value={String(value)} onChange={(event) => change(path, Number(event.target.value))}>
        <Options values={['1', '2', '3', '4', '5']} label={(stars) => (stars === '1' ? '1 star' : `${stars} stars`)} />
      </select>
    </Field>
  );
}

/** A whole number (a place in a list): typed, kept as a number once it reads as one (the schema names one out of range). */
function NumberField({ node, path, value, label }: { node: Extract<FieldNode, { kind: 'number' }>; path: FieldPath; value: number; label?: string }) {
  const { change } = useForm();
  const { error } = useMessages(path);
  return (
    <Field label={label ?? node.title} hint={node.description} error={error} required>
      <input
        id={fieldId(path)}
        type="number"
        inputMode="numeric"
        min={node.min}
        max={node.max}
        step={1}
        value={String(value)}
        onChange={(event) => change(path, event.target.value.trim() === '' ? node.min : Number(event.target.value))}
      />
    </Field>
  );
}

/** A yes or no: one checkbox, its label beside it and the hint under it. */
function CheckboxField({ node, path, value, label }: { node: Extract<FieldNode, { kind: 'checkbox' }>; path: FieldPath; value: boolean; label?: string }) {
  const { change } = useForm();
  const { error } = useMessages(path);
  const id = fieldId(path);
  const hintId = node.description ? `${id}-hint` : undefined;
  return (
    <div className="admin-field">
      <label className="admin-checkbox">
        <input id={id} type="checkbox" checked={value} aria-describedby={hintId} aria-invalid={error ? true : undefined} onChange={(event) => change(path, event.target.checked)} />
        {label ?? node.title}
      </label>
      {node.description && (
        <p id={hintId} className="admin-field__hint">
          {node.description}
        </p>
      )}
      {error && <p className="admin-field__error">{error}</p>}
    </div>
  );
}

function ChoiceField({ node, path, value, label }: { node: Extract<FieldNode, { kind: 'choice' }>; path: FieldPath; value: string | null; label?: string }) {
  const { change } = useForm();
  const { error } = useMessages(path);
  return (
    <Field label={label ?? node.title} error={error}>
      <select id={fieldId(path)} className="admin-select" value={value ?? ''} onChange={(event) => change(path, event.target.value === '' && node.nullable ? null : event.target.value)}>
        <Options values={node.options} label={(option) => option} none={node.nullable ? 'None' : undefined} />
      </select>
    </Field>
  );
}

/**
 * An image: its file, its alternative text, and "Decorative" (an image that says nothing has no
 * alternative text, and says so, rather than leaving it empty by mistake). An image the document
 * may go without has "No image".
 */
function ImageField({ node, path, value, label }: { node: Extract<FieldNode, { kind: 'image' }>; path: FieldPath; value: ImageValue | null; label?: string }) {
  const { change } = useForm();
  const { error } = useMessages(path);
  const srcError = useMessages([...path, 'src']).error;
  const altError = useMessages([...path, 'alt']).error;
  const lastImage = useRef<ImageValue | null>(value);
  if (value) lastImage.current = value;
  const id = fieldId(path);
  const image = value ?? { src: '', alt: '', decorative: false };
  const set = (part: Partial<ImageValue>) => change(path, { ...image, ...part });
  // An upload ends after later typing (the alternative text, say): it changes the file only.
  const latest = useRef(image);
  latest.current = image;
  // A new file says nothing of what the old image showed: its text and "Decorative" go with it.
  const [replaced, setReplaced] = useState(false);
  const chosen = () => {
    setReplaced(true);
    change(path, { ...latest.current, alt: '', decorative: false });
  };
  const altHint = image.decorative ? 'Not needed: the image is decorative.' : replaced ? 'Describe the new image (the old one’s text was cleared), or mark it decorative.' : 'What the image shows, for people who cannot see it.';
  return (
    <fieldset className="admin-fieldset admin-image-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label ?? node.title}</legend>
      {error && (
        <p id={`${id}-error`} className="admin-field__error">
          {error}
        </p>
      )}
      {node.nullable && (
        <label className="admin-checkbox">
          <input
            id={id}
            type="checkbox"
            checked={value === null}
            onChange={(event) => change(path, event.target.checked ? null : (lastImage.current ?? emptyValue({ ...node, nullable: false })))}
          />
          No image
        </label>
      )}
      {value !== null && (
        <>
          <div className="admin-image-field__file">
            {/* Only an uploaded image is shown: its address answers with its largest JPEG. A file
                shipped with the site is named by a path relative to the page, which differs here. */}
            {contentImageId(image.src) && <img className="admin-image-field__thumb" src={image.src} alt="" width={96} height={64} loading="lazy" />}
            <Field label="Image file" hint="An image uploaded below (/media/content/…), or a file shipped with the site (images/…)." error={srcError} required>
              <input id={node.nullable ? `${id}-src` : id} type="text" spellCheck={false} autoComplete="off" value={image.src} onChange={(event) => set({ src: event.target.value })} />
            </Field>
          </div>
          <ImageUpload label="Upload an image" onChosen={chosen} onUploaded={({ src }) => change(path, { ...latest.current, src })} />
          <label className="admin-checkbox">
            <input id={`${id}-decorative`} type="checkbox" checked={image.decorative} onChange={(event) => set({ decorative: event.target.checked, alt: event.target.checked ? '' : image.alt })} />
            Decorative (it adds nothing to the text, so it has no alternative text)
          </label>
          <Field label="Alternative text" hint={altHint} error={altError} required={!image.decorative}>
            <input id={`${id}-alt`} type="text" value={image.alt} maxLength={300} disabled={image.decorative} onChange={(event) => set({ alt: event.target.value })} />
          </Field>
        </>
      )}
    </fieldset>
  );
}


/**
 * A list: each item numbered in its own group, with Move up, Move down and Remove named after the
 * item ("Remove Social link 2"), and Add at the end. Focus follows the item a button moved, and
 * goes to the new item's first field after Add, so a keyboard user keeps their place.
 */
function ListField({ node, path, value }: { node: Extract<FieldNode, { kind: 'list' }>; path: FieldPath; value: unknown[] }) {
  const { change } = useForm();
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const id = fieldId(path);
  const { error } = useMessages(path);

  /** Moves focus once React has drawn the list again. */
  const focusLater = (selector: string) => requestAnimationFrame(() => groupRef.current?.querySelector<HTMLElement>(selector)?.focus());

  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    change(path, next);
    // Keep the same button under the keyboard unless the item reached the end it moved to.
    const direction = to < from ? 'up' : 'down';
    const atEnd = direction === 'up' ? to === 0 : to === next.length - 1;
    focusLater(`[data-item="${to}"] [data-action="${atEnd ? (direction === 'up' ? 'down' : 'up') : direction}"]`);
  };
  const remove = (index: number) => {
    change(
      path,
      value.filter((_, at) => at !== index),
    );
    focusLater(value.length > 1 ? `[data-item="${Math.min(index, value.length - 2)}"] [data-action="remove"]` : '[data-action="add"]');
  };
  // Items that come in kinds (a page's sections) are added as the kind chosen beside Add.
  const variant = node.item.kind === 'variant' ? node.item : undefined;
  const [kindToAdd, setKindToAdd] = useState(variant?.options[0]?.value ?? '');
  const add = () => {
    const option = variant?.options.find((candidate) => candidate.value === kindToAdd);
    change(path, [...value, variant && option ? emptyVariant(variant, option) : emptyValue(node.item)]);
    focusLater(`[data-item="${value.length}"] :is(input, textarea, select)`);
  };

  return (
    <fieldset ref={groupRef} className="admin-fieldset admin-list-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{node.title}</legend>
      <GroupMessage path={path} />
      {value.length > 0 && (
        <ol className="admin-list-field__items">
          {value.map((item, index) => {
            const name = `${node.itemTitle} ${index + 1}`;
            return (
              // Items have no ids of their own; the index is what the form's paths use too.
              <li key={index} className="admin-list-field__item" data-item={index}>
                <ListItem node={node.item} path={[...path, index]} value={item} name={name}>
                  <div className="admin-list-field__actions">
                    <ItemButton action="up" disabled={index === 0} onClick={() => move(index, index - 1)}>
                      Move up<span className="visually-hidden"> {name}</span>
                    </ItemButton>
                    <ItemButton action="down" disabled={index === value.length - 1} onClick={() => move(index, index + 1)}>
                      Move down<span className="visually-hidden"> {name}</span>
                    </ItemButton>
                    <ItemButton action="remove" danger onClick={() => remove(index)}>
                      Remove<span className="visually-hidden"> {name}</span>
                    </ItemButton>
                  </div>
                </ListItem>
              </li>
            );
          })}
        </ol>
      )}
      {value.length === 0 && <p className="admin-muted">None yet.</p>}
      <div className={variant ? 'admin-list-field__add' : undefined}>
        {variant && (
          <label className="admin-list-field__kind">
            Kind of {node.itemTitle.toLowerCase()}{' '}
            <select className="admin-input" value={kindToAdd} onChange={(event) => setKindToAdd(event.target.value)}>
              {variant.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.title}
                </option>
              ))}
            </select>
          </label>
        )}
        <ItemButton action="add" disabled={value.length >= node.max} onClick={add}>
          Add {node.itemTitle.toLowerCase()}
          <span className="visually-hidden"> to {node.title}</span>
        </ItemButton>
        {value.length >= node.max && <span className="admin-muted"> At most {node.max}.</span>}
      </div>
    </fieldset>
  );
}

/**
 * A list item: an object's fields in a group named after the item, or a single field named so;
 * its buttons (`children`) inside that group, so it is clear which item they move.
 */
function ListItem({ node, path, value, name, children }: { node: FieldNode; path: FieldPath; value: unknown; name: string; children: ReactNode }) {
  if (node.kind === 'object' || node.kind === 'variant') {
    const option = node.kind === 'variant' ? variantOption(node, value) : undefined;
    return (
      <fieldset className="admin-fieldset">
        <legend>{option ? `${name}: ${option.title}` : name}</legend>
        <ObjectFields node={option?.node ?? (node as ObjectNode)} path={path} value={value} />
        {children}
      </fieldset>
    );
  }
  return (
    <div className="admin-list-field__single">
      <FieldView node={node} path={path} value={value} label={name} />
      {children}
    </div>
  );
}

function ItemButton({ action, disabled, danger, onClick, children }: { action: string; disabled?: boolean; danger?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" data-action={action} className={`admin-button admin-button--small ${danger ? 'admin-button--danger' : 'admin-button--ghost'}`} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}
