/**
 * The portfolio's numbers: upload limits (enforced by the server, stated in the messages) and the
 * timings and lengths of the pages (SPEC §4, §5, §9). Isomorphic.
 */
export const PORTFOLIO_LIMITS = {
  /** Largest accepted upload, per file. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Largest accepted image, in pixels (width × height), checked from the header before decoding. */
  maxPixels: 40_000_000,
  /** Slider images kept per item; extras are dropped (SPEC §5). */
  maxSliderImages: 3,
  /** Words of a description shown on cards and overlays before the ellipsis (SPEC §9). */
  cardDescriptionWords: 10,
  /** Detail slider auto-advance (SPEC §9). */
  sliderIntervalMs: 3000,
  /** Detail content animates in this long after load (SPEC §4). */
  detailRevealDelayMs: 100,
} as const;
