import type { ReactNode } from 'react';

interface PageSectionProps {
  /** Id of the heading that names the section. */
  labelledBy?: string;
  /** The section's name when it has no visible heading of its own. */
  label?: string;
  id?: string;
  /** The alternate background, for sections that follow one another. */
  alt?: boolean;
  /** Further classes of the section (`stats`). */
  className?: string;
  /** Further classes of the centred container inside it (`split`, `form-page`). */
  containerClassName?: string;
  /** `div` for a band that only spaces the page, with no name or heading of its own. */
  as?: 'section' | 'div';
  children: ReactNode;
}

/** One band of a page: the spacing of `.section` around a centred `.container`. */
export function PageSection({ labelledBy, label, id, alt = false, className, containerClassName, as: Element = 'section', children }: PageSectionProps) {
  const classes = ['section', alt && 'section--alt', className].filter(Boolean).join(' ');
  return (
    <Element className={classes} aria-labelledby={labelledBy} aria-label={label} id={id}>
      <div className={containerClassName ? `container ${containerClassName}` : 'container'}>{children}</div>
    </Element>
  );
}
