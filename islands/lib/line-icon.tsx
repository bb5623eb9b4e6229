/**
 * The one icon base of the site and the admin: a line drawing on a 24-unit grid, inline (no font
 * or image request) and stroked in `currentColor`. Always decorative: the text beside it carries
 * the meaning, so it is hidden from assistive technology.
 */
export function LineIcon({ path, size = 24, className = 'icon' }: { path: string; size?: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}
