/**
 * The portfolio's numbers: upload limits (enforced by the server, stated in the messages) and the
 * timings and lengths of the pages, as the spec sets them. Isomorphic.
 */
export const PORTFOLIO_LIMITS = {
  /** Largest accepted upload, per file. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Largest accepted image, in pixels (width × height), checked from the header before decoding. */
  maxPixels: 40_000_000,
  /** Slider images kept per item; extras are dropped (the spec keeps three). */
  maxSliderImages: 3,
  /** Words of a description shown on cards and overlays before the ellipsis (ten in the spec). */
  cardDescriptionWords: 10,
  /** Detail slider auto-advance (every 3 s in the spec). */
  sliderIntervalMs: 3000,
  /** Detail content animates in this long after load (100 ms in the spec). */
  detailRevealDelayMs: 100,
} as const;
