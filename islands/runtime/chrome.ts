/**
 * The chrome's scroll behaviours in plain script (no React): the navigation turns sticky and the
 * top bar hides past 50px, the back-to-top button shows past 300px. Also counts the page view.
 */
const STICKY_AFTER_PX = 50;
const BACK_TO_TOP_AFTER_PX = 300;

const root = document.documentElement;
let scheduled = false;

function update(): void {
  scheduled = false;
  const y = window.scrollY;
  root.classList.toggle('is-scrolled', y > STICKY_AFTER_PX);
  root.classList.toggle('show-back-to-top', y > BACK_TO_TOP_AFTER_PX);
}

window.addEventListener(
  'scroll',
  () => {
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(update);
    }
  },
  { passive: true },
);
update();

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[href="#top"]') : null;
  if (!link) return;
  event.preventDefault();
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
  document.getElementById('top')?.focus({ preventScroll: true });
});

/**
 * Counts this page view (server/routes/analytics.ts) on pages that carry the `<noscript>` pixel,
 * adding what only script knows: the page that linked here. A page prerendered in advance counts
 * only once it is shown. The pixel's address comes from the page, so this script imports nothing.
 */
const viewPixel = document.querySelector<HTMLElement>('noscript[data-view-pixel]')?.dataset.viewPixel;
function countView(): void {
  const page = encodeURIComponent(location.pathname + location.search);
  new Image().src = `${viewPixel}?p=${page}&r=${encodeURIComponent(document.referrer)}`;
}
if (viewPixel) {
  if ((document as Document & { prerendering?: boolean }).prerendering) document.addEventListener('prerenderingchange', countView, { once: true });
  else countView();
}
