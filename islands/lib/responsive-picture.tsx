import type { ResponsiveImage } from '../../shared/portfolio/item';

interface ResponsivePictureProps {
  image: ResponsiveImage;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  loading?: 'lazy' | 'eager';
  className?: string;
  fetchPriority?: 'high' | 'low' | 'auto';
}

const srcSet = (sources: ResponsiveImage['jpeg']) => sources.map((source) => `${source.url} ${source.width}w`).join(', ');

/**
 * A stored image as `<picture>`: AVIF, then WebP, then JPEG, each at every stored width, so the
 * browser fetches one file of the size its slot needs. Width and height reserve the space.
 */
export function ResponsivePicture({ image, alt, sizes, loading = 'lazy', className, fetchPriority }: ResponsivePictureProps) {
  const fallback = image.jpeg[image.jpeg.length - 1]!;
  return (
    <picture className={className}>
      {image.avif.length > 0 && <source type="image/avif" srcSet={srcSet(image.avif)} sizes={sizes} />}
      {image.webp.length > 0 && <source type="image/webp" srcSet={srcSet(image.webp)} sizes={sizes} />}
      <img
        src={fallback.url}
        srcSet={srcSet(image.jpeg)}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
      />
    </picture>
  );
}
