import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useOverlay } from '../lib/use-overlay';
import { ApiError } from './api';
import { useDashboard } from './context';
import { portfolioApi } from './portfolio-api';
import { AdminIcon } from './icons';
import {
  PORTFOLIO_FORM_FIELDS,
  RECOMMENDED_SIZES,
  buildPortfolioFormData,
  categoryOptions,
  emptyPortfolioValues,
  isImageFile,
  keptSliderImages,
  portfolioValuesFromItem,
  validatePortfolioValues,
  type PortfolioFiles,
  type PortfolioFormErrors,
  type PortfolioFormValues,
  type PortfolioItem,
} from './portfolio-form';
import { DELIVERED_ICONS } from '../../shared/portfolio/item';
import { PORTFOLIO_LIMITS } from '../../shared/portfolio/limits';
import { Field, Options } from './kit';

/** Add (optionally with some fields filled in, from a project) or edit a stored item. */
export type PanelMode = { kind: 'add'; prefill?: Partial<PortfolioFormValues> } | { kind: 'edit'; item: PortfolioItem };

interface PortfolioPanelProps {
  mode: PanelMode;
  onClose: () => void;
  onSaved: () => void;
}

/** Object URLs for previews of chosen files, revoked when the files change or the panel closes. */
function usePreviews(files: readonly File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}


/**
 * The side panel with the spec's add form and rules, which in edit mode is prefilled and saves through
 * `PUT`. Uploads report real progress; failures stay in the panel so nothing typed is lost.
 */
export function PortfolioPanel({ mode, onClose, onSaved }: PortfolioPanelProps) {
  const { api } = useDashboard();
  const id = useId();
  const editing = mode.kind === 'edit' ? mode.item : null;
  const [values, setValues] = useState<PortfolioFormValues>(() =>
    editing ? portfolioValuesFromItem(editing) : { ...emptyPortfolioValues(), ...(mode.kind === 'add' ? mode.prefill : undefined) },
  );
  const [image, setImage] = useState<File | null>(null);
  const [sliderImages, setSliderImages] = useState<File[]>([]);
  const [sliderNote, setSliderNote] = useState('');
  const [errors, setErrors] = useState<PortfolioFormErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const saving = progress !== null;
  const panelRef = useOverlay<HTMLDivElement>({ open: true, onClose: () => !saving && onClose(), lockScroll: true });
  const imageFiles = useMemo(() => (image ? [image] : []), [image]);
  const [imagePreview] = usePreviews(imageFiles);
  const sliderPreviews = usePreviews(sliderImages);
  const fieldId = (name: string) => `${id}-${name}`;

  const set = <K extends keyof PortfolioFormValues>(key: K, value: PortfolioFormValues[K]) => setValues((previous) => ({ ...previous, [key]: value }));
  const text = (key: 'title' | 'client' | 'description' | 'completionDate' | 'technologies' | 'websiteLink' | 'challenge' | 'solution' | 'results') => ({
    id: fieldId(key),
    name: key,
    'data-field': key,
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, event.target.value),
  });

  const onImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setImage(file && isImageFile(file) ? file : null);
    setErrors((previous) => ({ ...previous, image: file && !isImageFile(file) ? 'The main image must be an image file.' : undefined }));
  };
  const onSliderImages = (event: ChangeEvent<HTMLInputElement>) => {
    const { kept, dropped } = keptSliderImages(Array.from(event.target.files ?? []));
    setSliderImages(kept);
    setSliderNote(dropped > 0 ? `${dropped} file${dropped === 1 ? '' : 's'} left out: only images are accepted, at most ${PORTFOLIO_LIMITS.maxSliderImages}.` : '');
  };
  const toggleCategory = (label: string, checked: boolean) =>
    set('categoryLabels', checked ? [...values.categoryLabels, label] : values.categoryLabels.filter((entry) => entry !== label));
  const setDelivered = (index: number, patch: Partial<{ title: string; icon: string }>) =>
    set('whatWeDelivered', { ...values.whatWeDelivered, items: values.whatWeDelivered.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const files: PortfolioFiles = { image, sliderImages };
    const found = Object.fromEntries(Object.entries(validatePortfolioValues(values, files)).filter(([, message]) => message)) as PortfolioFormErrors;
    setErrors(found);
    setSaveError(null);
    const first = PORTFOLIO_FORM_FIELDS.find((key) => found[key]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    setProgress(0);
    try {
      const body = buildPortfolioFormData(values, files, { existingDate: editing?.date ?? '' });
      await portfolioApi(api).save(editing?._id ?? null, body, setProgress);
      setProgress(100);
      onSaved();
      return;
    } catch (error) {
      // The spec words a refused save and an exception differently.
      if (error instanceof ApiError) setSaveError(`Failed to save portfolio item: ${error.message}`);
      else setSaveError(`An error occurred: ${error instanceof Error ? error.message : String(error)}`);
    }
    setProgress(null);
  };

  const error = (key: keyof PortfolioFormErrors) => errors[key];
  const title = editing ? `Edit ${editing.title}` : 'Add Portfolio';

  return (
    <div className="admin-modal admin-modal--panel">
      <div className="admin-modal__backdrop" aria-hidden="true" onClick={() => !saving && onClose()} />
      <div ref={panelRef} className="admin-panel" role="dialog" aria-modal="true" aria-labelledby={fieldId('title-heading')} tabIndex={-1}>
        <div className="admin-panel__head">
          <h2 id={fieldId('title-heading')} className="admin-panel__title">
            {title}
          </h2>
          <button type="button" className="admin-icon-button" onClick={onClose} disabled={saving}>
            <AdminIcon name="close" />
            <span className="visually-hidden">Close</span>
          </button>
        </div>
        <form ref={formRef} className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
          <p className="admin-muted">Fields marked * are required.</p>
          <Field label="Title" required error={error('title')}>
            <input type="text" {...text('title')} data-autofocus required />
          </Field>

          <fieldset className="admin-fieldset" aria-describedby={errors.categories ? fieldId('categories-error') : undefined}>
            <legend>Categories *</legend>
            <div className="admin-checkboxes">
              {categoryOptions(values.categoryLabels).map((label, index) => (
                <label key={label} className="admin-checkbox">
                  <input
                    type="checkbox"
                    name="categories"
                    value={label}
                    checked={values.categoryLabels.includes(label)}
                    onChange={(event) => toggleCategory(label, event.target.checked)}
                    data-field={index === 0 ? 'categories' : undefined}
                  />
                  {label}
                </label>
              ))}
            </div>
            {errors.categories && (
              <p id={fieldId('categories-error')} className="admin-field__error">
                {errors.categories}
              </p>
            )}
          </fieldset>

          <Field label="Client" required error={error('client')}>
            <input type="text" {...text('client')} required />
          </Field>
          <Field label="Description" required error={error('description')}>
            <textarea rows={4} {...text('description')} required />
          </Field>
          <div className="admin-form__row">
            <Field label="Completion date" error={error('completionDate')} hint="Free text, for example 15 Mar 2025. Empty: today.">
              <input type="text" {...text('completionDate')} />
            </Field>
            <Field label="Technologies" error={error('technologies')} hint="Comma-separated, for example React, Node.js">
              <input type="text" {...text('technologies')} />
            </Field>
          </div>
          <Field label="Website link" hint="Full address, for example https://example.com" error={error('websiteLink')}>
            <input type="url" inputMode="url" {...text('websiteLink')} />
          </Field>
          <Field label="Challenge" error={error('challenge')}>
            <textarea rows={3} {...text('challenge')} />
          </Field>
          <Field label="Solution" error={error('solution')}>
            <textarea rows={3} {...text('solution')} />
          </Field>
          <Field label="Results" error={error('results')}>
            <textarea rows={3} {...text('results')} />
          </Field>

          <fieldset className="admin-fieldset">
            <legend>Images</legend>
            <Field label="Main image" hint={`Recommended size ${RECOMMENDED_SIZES.image}.${editing ? ' Leave empty to keep the current image.' : ''}`} error={error('image')}>
              <input type="file" id={fieldId('image')} name="image" accept="image/*" onChange={onImage} data-field="image" />
            </Field>
            <div className="admin-previews">
              {imagePreview ? (
                <img src={imagePreview} alt="Preview of the chosen main image" width={150} height={100} />
              ) : (
                editing?.image && <img src={editing.image} alt="Current main image" width={150} height={100} />
              )}
            </div>
            <Field
              label={`Slider images (up to ${PORTFOLIO_LIMITS.maxSliderImages})`}
              hint={`Recommended size ${RECOMMENDED_SIZES.slider}.${editing ? ' Leave empty to keep the current slider images.' : ''}`}
              error={error('sliderImages')}
            >
              <input type="file" id={fieldId('sliderImages')} name="sliderImages" accept="image/*" multiple onChange={onSliderImages} data-field="sliderImages" />
            </Field>
            <p className="admin-field__hint" aria-live="polite">
              {sliderNote}
            </p>
            <div className="admin-previews">
              {sliderPreviews.length > 0
                ? sliderPreviews.map((src, index) => <img key={src} src={src} alt={`Preview of slider image ${index + 1}`} width={120} height={90} />)
                : editing?.images.map((src, index) => <img key={src} src={src} alt={`Current slider image ${index + 1}`} width={120} height={90} />)}
            </div>
          </fieldset>

          <fieldset className="admin-fieldset">
            <legend>Testimonial</legend>
            <div className="admin-form__row">
              <Field label="Author">
                <input type="text" id={fieldId('testimonial-author')} value={values.testimonial.author} onChange={(event) => set('testimonial', { ...values.testimonial, author: event.target.value })} />
              </Field>
              <Field label="Position">
                <input type="text" id={fieldId('testimonial-position')} value={values.testimonial.position} onChange={(event) => set('testimonial', { ...values.testimonial, position: event.target.value })} />
              </Field>
            </div>
            <Field label="Testimonial text" error={error('testimonial')}>
              <textarea id={fieldId('testimonial-text')} data-field="testimonial" rows={3} value={values.testimonial.text} onChange={(event) => set('testimonial', { ...values.testimonial, text: event.target.value })} />
            </Field>
          </fieldset>

          <fieldset className="admin-fieldset">
            <legend>What we delivered</legend>
            <Field label="Description" error={error('whatWeDelivered')}>
              <textarea
                id={fieldId('delivered-description')}
                data-field="whatWeDelivered"
                rows={2}
                value={values.whatWeDelivered.description}
                onChange={(event) => set('whatWeDelivered', { ...values.whatWeDelivered, description: event.target.value })}
              />
            </Field>
            <ol className="admin-delivered">
              {values.whatWeDelivered.items.map((item, index) => (
                <li key={index} className="admin-delivered__item">
                  <label className="visually-hidden" htmlFor={fieldId(`delivered-${index}`)}>
                    Delivered item {index + 1} title
                  </label>
                  <input type="text" id={fieldId(`delivered-${index}`)} value={item.title} onChange={(event) => setDelivered(index, { title: event.target.value })} />
                  <label className="visually-hidden" htmlFor={fieldId(`delivered-icon-${index}`)}>
                    Delivered item {index + 1} icon
                  </label>
                  <select id={fieldId(`delivered-icon-${index}`)} className="admin-select" value={item.icon} onChange={(event) => setDelivered(index, { icon: event.target.value })}>
                    <Options values={[...new Set([...DELIVERED_ICONS, item.icon])]} label={(icon) => icon} />
                  </select>
                  <button
                    type="button"
                    className="admin-icon-button"
                    onClick={() => set('whatWeDelivered', { ...values.whatWeDelivered, items: values.whatWeDelivered.items.filter((_, i) => i !== index) })}
                  >
                    <AdminIcon name="trash" size={16} />
                    <span className="visually-hidden">Remove delivered item {index + 1}</span>
                  </button>
                </li>
              ))}
            </ol>
            <button
              type="button"
              className="admin-button admin-button--ghost admin-button--small"
              onClick={() => set('whatWeDelivered', { ...values.whatWeDelivered, items: [...values.whatWeDelivered.items, { title: '', icon: 'check' }] })}
            >
              <AdminIcon name="plus" size={16} /> Add delivered item
            </button>
          </fieldset>

          <Field label="Background colour" error={error('bgColor')}>
            <input type="color" id={fieldId('bgColor')} name="bgColor" value={values.bgColor} onChange={(event) => set('bgColor', event.target.value)} data-field="bgColor" />
          </Field>

          {saveError && (
            <p className="admin-error" role="alert">
              {saveError}
            </p>
          )}
          <div className="admin-panel__foot">
            {saving && (
              <div className="admin-upload" role="status">
                <progress max={100} value={progress} aria-label="Upload progress" />
                <span>Uploading… {progress}%</span>
              </div>
            )}
            <button type="button" className="admin-button admin-button--ghost" onClick={onClose} disabled={saving}>
              Cancel
            </button>
            <button type="submit" className="admin-button" disabled={saving}>
              {saving ? 'Saving…' : editing ? 'Save changes' : 'Add Portfolio Item'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
