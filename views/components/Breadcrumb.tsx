/** One step of a breadcrumb trail; the last one is the current page. */
export interface Crumb {
  label: string;
  href: string;
}

/** The visible trail. Its BreadcrumbList twin for search engines comes from the page's meta. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) =>
          index === items.length - 1 ? (
            <li key={item.href} aria-current="page">
              {item.label}
            </li>
          ) : (
            <li key={item.href}>
              <a href={item.href}>{item.label}</a>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
