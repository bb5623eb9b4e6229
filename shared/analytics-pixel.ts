/** The page-view pixel (server/routes/analytics.ts), loaded by the chrome script or a `<noscript>` image. */
export const VIEW_PIXEL_PATH = '/api/analytics/view.gif';

/** Id of the `<noscript>` pixel: its presence tells the chrome script that the page counts views. */
export const VIEW_PIXEL_ID = 'page-view';
