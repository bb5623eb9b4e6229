import { altOf, type ImageField } from '../../shared/content/fields';
import { ResponsivePicture } from '../../islands/lib/responsive-picture';
import { useAsset, useContentImage } from '../render-context';

interface ContentImageProps {
  image: ImageField;
  /** The slot's size for a file shipped with the site (an uploaded image brings its own). */
  width: number;
  height: number;
  /** How wide the image is drawn at each viewport width, for an uploaded image's `srcset`s. */
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
}

/**
 * An image of the site's content. A file shipped with the site (`images/…`) is one `<img>` as it
 * always was; an uploaded one (`/media/content/<id>`) is a `<picture>` with its AVIF, WebP and
 * JPEG renditions, sized by its own width and height so nothing moves as it loads. Its renditions
 * come from the content in memory (no database read per render); one the instance does not hold
 * yet (uploaded elsewhere a moment ago, shown in a preview) falls back to its `src`, which the
 * site redirects to the largest JPEG.
 */
export function ContentImage({ image, width, height, sizes, className, loading, fetchPriority }: ContentImageProps) {
  const asset = useAsset();
  const uploaded = useContentImage(image.src);
  if (uploaded) {
    return <ResponsivePicture className={className} image={uploaded} alt={altOf(image)} sizes={sizes} loading={loading ?? (fetchPriority === 'high' ? 'eager' : 'lazy')} fetchPriority={fetchPriority} />;
  }
  return <img className={className} src={asset(image.src)} alt={altOf(image)} width={width} height={height} loading={loading} fetchPriority={fetchPriority} />;
}
