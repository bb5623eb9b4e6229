import type { ReactNode } from 'react';
import { Breadcrumb, type Crumb } from './Breadcrumb';

interface PageBannerProps {
  heading: string;
  lead?: string;
  breadcrumbs?: Crumb[];
  children?: ReactNode;
}

/** The coloured band that opens every inner page: breadcrumb, the page's one h1, and its lead. */
export function PageBanner({ heading, lead, breadcrumbs, children }: PageBannerProps) {
  return (
    <section className="page-banner">
      <div className="container">
        {breadcrumbs && <Breadcrumb items={breadcrumbs} />}
        <h1>{heading}</h1>
        {lead && <p className="page-banner__lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
