import { createContext, useContext, useEffect, useState } from 'react';
import { contentImageId, type ContentImageListItem } from '../../../shared/content/images';
import type { FieldChange, ImageValue } from './schema-fields';

/** The small rendition to draw for an image's `src`, or null while it is not known. */
export type ThumbnailOf = (src: string) => string | null;

/** A file shipped with the site (`images/…`) is drawn from its own address; an upload waits for its small rendition. */
const shippedOnly: ThumbnailOf = (src) => (src.startsWith('images/') ? `/${src}` : null);

export const ThumbnailContext = createContext<ThumbnailOf>(shippedOnly);

/**
 * The small renditions of the uploaded images (`GET /api/content/images`), loaded once something
 * wants to show one: a comparison names an upload by its thumbnail, not its `/media/content/<uuid>`.
 */
export function useThumbnails(load: () => Promise<ContentImageListItem[]>, wanted: boolean): ThumbnailOf {
  const [previews, setPreviews] = useState<ReadonlyMap<string, string> | null>(null);
  useEffect(() => {
    if (!wanted || previews) return;
    let stopped = false;
    load().then(
      (images) => !stopped && setPreviews(new Map(images.map((image) => [image.src, image.previewUrl]))),
      // Without thumbnails the text still says what each image is.
      () => !stopped && setPreviews(new Map()),
    );
    return () => {
      stopped = true;
    };
  }, [wanted, previews, load]);
  return (src) => (contentImageId(src) ? (previews?.get(src) ?? null) : shippedOnly(src));
}

/** Whether any of `changes` shows an uploaded image (its thumbnail is worth loading). */
export function showsUploads(changes: readonly FieldChange[] | undefined): boolean {
  return (changes ?? []).some((change) => [change.images?.before, change.images?.after].some((image) => image && contentImageId(image.src)));
}

/** An image as a small picture beside the text naming it (its alternative text is in that text). */
export function ImageThumbnail({ image }: { image: ImageValue }) {
  const url = useContext(ThumbnailContext)(image.src);
  return url ? <img className="admin-content-changes__thumb" src={url} alt="" width={96} height={64} loading="lazy" /> : null;
}

function Value({ side, text, image }: { side: string; text: string; image: ImageValue | null | undefined }) {
  return (
    <span className="admin-content-changes__value">
      <span className="admin-content-changes__side">{side}:</span> {image && <ImageThumbnail image={image} />}
      <span className="admin-prewrap">{text}</span>
    </span>
  );
}

/** Fields that differ, each with both values (an image also as its thumbnail). */
export function ChangeList({ changes, beforeLabel, afterLabel }: { changes: readonly FieldChange[]; beforeLabel: string; afterLabel: string }) {
  return (
    <ul className="admin-content-changes">
      {changes.map((change) => (
        <li key={change.path} className="admin-content-changes__item">
          <span className="admin-content-changes__field">{change.label}</span>
          <Value side={beforeLabel} text={change.before} image={change.images?.before} />
          <Value side={afterLabel} text={change.after} image={change.images?.after} />
        </li>
      ))}
    </ul>
  );
}
