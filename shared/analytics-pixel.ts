/** The page-view pixel (server/routes/analytics.ts), loaded by the chrome script or a `<noscript>` image. */
export const VIEW_PIXEL_PATH = '/api/analytics/view.gif';
