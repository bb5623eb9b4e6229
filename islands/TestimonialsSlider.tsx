import { useEffect, useRef, useState } from 'react';
import Slider, { type Settings } from 'react-slick';
import type { ResponsiveImage } from '../shared/portfolio/item';
import { ResponsivePicture } from './lib/responsive-picture';

export interface TestimonialSlide {
  /** A logo shipped with the site (empty when `logoImage` is given). */
  logoUrl: string;
  /** An uploaded logo's renditions, drawn as `<picture>` instead of `logoUrl`. */
  logoImage?: ResponsiveImage;
  /** Empty for a decorative logo (the client's name is in the text beside it). */
  logoAlt: string;
  website: string;
  service: string;
  description: string;
  rating: number;
  author: string;
  role: string;
}

export interface TestimonialsSliderProps {
  slides: TestimonialSlide[];
}

/** Logos are drawn 40 px high: a wide one is some 160 px across. */
const LOGO_SIZES = '160px';

const AUTOPLAY_MS = 3000;
const TRANSITION_MS = 500;

const settings: Settings = {
  infinite: true,
  speed: TRANSITION_MS,
  autoplaySpeed: AUTOPLAY_MS,
  slidesToScroll: 1,
  arrows: true,
  dots: true,
  pauseOnHover: true,
  pauseOnFocus: true,
};

/** 4 cards from this width up, 1 below (the same breakpoint as the static row's CSS). */
const WIDE_QUERY = '(min-width: 768px)';

function Card({ slide }: { slide: TestimonialSlide }) {
  return (
    <figure className="testimonial">
      {slide.logoImage ? (
        <ResponsivePicture className="testimonial__logo" image={slide.logoImage} alt={slide.logoAlt} sizes={LOGO_SIZES} />
      ) : (
        <img className="testimonial__logo" src={slide.logoUrl} alt={slide.logoAlt} width={120} height={40} loading="lazy" />
      )}
      <p className="testimonial__rating">
        {/* The stars are drawn for the eye; the sentence after them is what a screen reader reads. */}
        <span aria-hidden="true">
          {'★'.repeat(slide.rating)}
          <span className="testimonial__rating-empty">{'★'.repeat(5 - slide.rating)}</span>
        </span>
        <span className="visually-hidden">{`Rated ${slide.rating} out of 5`}</span>
      </p>
      <blockquote className="testimonial__quote">
        <p>{slide.description}</p>
      </blockquote>
      <figcaption>
        <strong>{slide.website}</strong>
        <span>{slide.service}</span>
        <span>
          {slide.author}, {slide.role}
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * The home page's testimonials carousel: 4 cards from 768 px, 1 below, advancing every 3 s.
 * The server (and the first client render) show the first cards in a plain row laid out exactly
 * like the carousel's first frame; react-slick takes over after hydration, so nothing jumps.
 * Autoplay can be paused (WCAG 2.2.2) and does not start under prefers-reduced-motion.
 */
export default function TestimonialsSlider({ slides }: TestimonialsSliderProps) {
  const [live, setLive] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [slidesToShow, setSlidesToShow] = useState(4);
  const sliderRef = useRef<Slider>(null);

  useEffect(() => {
    // react-slick's own `responsive` option did not apply its breakpoint reliably; a media query
    // listener here keeps the count in step with the CSS of the server-rendered row.
    const wide = window.matchMedia(WIDE_QUERY);
    const fit = () => setSlidesToShow(wide.matches ? 4 : 1);
    fit();
    wide.addEventListener('change', fit);
    setLive(true);
    setPlaying(!window.matchMedia('(prefers-reduced-motion: reduce)').matches);
    return () => wide.removeEventListener('change', fit);
  }, []);

  useEffect(() => {
    if (!live) return;
    if (playing) sliderRef.current?.slickPlay();
    else sliderRef.current?.slickPause();
  }, [live, playing]);

  return (
    <div className="testimonials" data-live={live}>
      <button type="button" className="testimonials__toggle" aria-pressed={!playing} disabled={!live} onClick={() => setPlaying(!playing)}>
        {playing ? 'Pause testimonials' : 'Play testimonials'}
      </button>
      {live ? (
        <Slider ref={sliderRef} {...settings} slidesToShow={slidesToShow} autoplay={playing}>
          {slides.map((slide) => (
            <div key={slide.website} className="testimonials__slide">
              <Card slide={slide} />
            </div>
          ))}
        </Slider>
      ) : (
        <ul className="testimonials__static">
          {slides.map((slide) => (
            <li key={slide.website} className="testimonials__slide">
              <Card slide={slide} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
