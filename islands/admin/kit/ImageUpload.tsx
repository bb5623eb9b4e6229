import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useDashboard } from '../context';
import { contentImagesApi } from '../content/content-api';
import { errorText } from './errors';
import { useUploads } from './uploads';
import type { UploadedContentImage } from '../../../shared/content/images';
import { PORTFOLIO_LIMITS } from '../../../shared/portfolio/limits';
import { portfolioMessages } from '../../../shared/portfolio/messages';

export interface ImageUploadProps {
  /** The file input's label ("Upload a banner image"). */
  label: string;
  /** Told once the image is stored: `src` (`/media/content/<id>`) goes into the image field. */
  onUploaded: (image: UploadedContentImage) => void;
  /** Told when a file is chosen, before it is sent (the image field forgets the old image's alternative text). */
  onChosen?: (file: File) => void;
  /** Guidance under the label; by default the accepted formats and size. */
  hint?: string;
  disabled?: boolean;
}

/** The formats the server accepts (checked again there by content; an SVG is always refused). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
const DEFAULT_HINT = `JPEG, PNG, WebP, AVIF or GIF, at most ${PORTFOLIO_LIMITS.maxFileBytes / (1024 * 1024)} MB. It is resized for phones and large screens.`;
const FAILED = 'The image could not be uploaded. Try again.';

/**
 * Uploads one image for the site's content through `POST /api/content/images` (the portfolio's
 * checks and encoding) as soon as it is chosen, with the progress shown and announced, and the
 * server's reason when it refuses the file, announced and tied to the input, with "Try again".
 * Inside a form that tracks its uploads (`UploadsContext`), the form's saving waits for it. Not a
 * form of its own (its button is `type="button"`), so it can sit inside the editor's form. Must be
 * rendered in the dashboard (it calls the API of `useDashboard()`).
 *
 * ```tsx
 * <ImageUpload label="Upload a banner image" onUploaded={({ src }) => setImage({ ...image, src })} />
 * ```
 */
export function ImageUpload({ label, onUploaded, onChosen, hint = DEFAULT_HINT, disabled = false }: ImageUploadProps) {
  const { api } = useDashboard();
  const uploads = useUploads();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [failed, setFailed] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const uploading = progress !== null;
  // A field removed from the form (its list item, say) leaves nothing for saving to wait for.
  useEffect(() => () => uploads?.cleared(inputId), [uploads, inputId]);

  const upload = async (file: File): Promise<boolean> => {
    setError('');
    setDone('');
    setFailed(null);
    setProgress(0);
    try {
      const image = await contentImagesApi(api).upload(file, setProgress);
      if (input.current) input.current.value = '';
      setDone(`Uploaded ${file.name}.`);
      // Drawn at once, so that a save waiting for this upload sends the form with the new image.
      flushSync(() => onUploaded(image));
      return true;
    } catch (failure) {
      setError(errorText(failure, FAILED));
      setFailed(file);
      return false;
    } finally {
      setProgress(null);
    }
  };

  const start = (file: File) => {
    const uploaded = upload(file);
    uploads?.started(inputId, file.name, uploaded);
  };

  const choose = (chosen: File | null) => {
    setDone('');
    setFailed(null);
    if (!chosen) {
      setError('');
      uploads?.cleared(inputId);
      return;
    }
    onChosen?.(chosen);
    // Refused here already when it would be refused by the server anyway, without sending 10 MB.
    const problem = localProblem(chosen);
    setError(problem ?? '');
    if (problem) uploads?.refused(inputId, chosen.name, problem);
    else start(chosen);
  };

  return (
    <div className="admin-image-upload">
      {/* Not the kit's Field: its error is announced here (role="alert") as well as tied to the input. */}
      <div className="admin-field">
        <label htmlFor={inputId}>{label}</label>
        <p id={hintId} className="admin-field__hint">
          {hint}
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          disabled={disabled || uploading}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
      </div>
      <div className="admin-image-upload__actions">
        {failed && (
          <button type="button" className="admin-button admin-button--small" disabled={disabled} onClick={() => start(failed)}>
            Try again<span className="visually-hidden"> to upload {failed.name}</span>
          </button>
        )}
        {/* Progress and the outcome are read out as they change. */}
        <div className="admin-upload" role="status">
          {uploading && (
            <>
              <progress max={100} value={progress} aria-label="Upload progress" />
              <span>Uploading… {progress}%</span>
            </>
          )}
          {!uploading && done && <span>{done}</span>}
        </div>
      </div>
      {error && (
        <p id={errorId} className="admin-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** What the server would refuse the file for, when the browser can tell: its size, or an SVG. */
function localProblem(file: File): string | null {
  if (file.type === 'image/svg+xml' || /\.svgz?$/i.test(file.name)) return portfolioMessages.svgRejected;
  if (file.size > PORTFOLIO_LIMITS.maxFileBytes) return portfolioMessages.fileTooLarge;
  if (file.size === 0) return `${file.name} ${portfolioMessages.emptyFile}`;
  return null;
}
