import { useEffect, useState } from 'react';
import type { ResponsiveImage } from '../shared/portfolio/item';
import { PORTFOLIO_LIMITS } from '../shared/portfolio/limits';
import { ResponsivePicture } from './lib/responsive-picture';

export interface PortfolioSliderProps {
  title: string;
  slides: ResponsiveImage[];
  thumbnails: ResponsiveImage[];
}

/** The slider is at most 800 px wide beside the sidebar; full width (less margins) below. */
const SLIDE_SIZES = '(min-width: 1024px) 800px, calc(100vw - 2.5rem)';

/**
 * The detail page's image slider, as the spec has it: advances every 3 s and wraps, pauses while the
 * pointer is over it or focus is inside it, with arrows, thumbnails, indicators and a pause button
 * (WCAG 2.2.2). Autoplay never starts under prefers-reduced-motion. The server renders the
 * first image with every control; autoplay begins once hydrated.
 */
export default function PortfolioSlider({ title, slides, thumbnails }: PortfolioSliderProps) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    setPlaying(!window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  }, []);

  useEffect(() => {
    if (!playing || hovered || focused || count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), PORTFOLIO_LIMITS.sliderIntervalMs);
    return () => window.clearInterval(timer);
  }, [playing, hovered, focused, count]);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  return (
    <section
      className="project-slider"
      aria-roledescription="carousel"
      aria-label={`${title}: project images`}
      data-playing={playing && !hovered && !focused}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="project-slider__viewport" aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, slideIndex) => (
          <div
            key={slide.id}
            className="project-slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${slideIndex + 1} of ${count}`}
            hidden={slideIndex !== index}
          >
            <ResponsivePicture
              image={slide}
              alt={`${title}, image ${slideIndex + 1} of ${count}`}
              sizes={SLIDE_SIZES}
              loading={slideIndex === 0 ? 'eager' : 'lazy'}
              fetchPriority={slideIndex === 0 ? 'high' : undefined}
            />
          </div>
        ))}
        <button type="button" className="project-slider__arrow project-slider__arrow--prev" aria-label="Previous image" onClick={() => go(index - 1)}>
          ‹
        </button>
        <button type="button" className="project-slider__arrow project-slider__arrow--next" aria-label="Next image" onClick={() => go(index + 1)}>
          ›
        </button>
      </div>
      <div className="project-slider__controls">
        <button type="button" className="project-slider__pause" aria-pressed={!playing} onClick={() => setPlaying(!playing)}>
          {playing ? 'Pause slideshow' : 'Play slideshow'}
        </button>
        <div className="project-slider__dots" role="group" aria-label="Choose an image">
          {slides.map((slide, slideIndex) => (
            <button
              key={slide.id}
              type="button"
              className="project-slider__dot"
              aria-label={`Show image ${slideIndex + 1}`}
              aria-current={slideIndex === index ? 'true' : undefined}
              onClick={() => go(slideIndex)}
            />
          ))}
        </div>
      </div>
      {thumbnails.length === count && (
        <ul className="project-slider__thumbs">
          {thumbnails.map((thumb, slideIndex) => (
            <li key={thumb.id}>
              <button type="button" className="project-slider__thumb" aria-label={`Show image ${slideIndex + 1} (thumbnail)`} aria-current={slideIndex === index ? 'true' : undefined} onClick={() => go(slideIndex)}>
                <ResponsivePicture image={thumb} alt="" sizes="100px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
