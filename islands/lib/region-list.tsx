export interface RegionChoice {
  code: string;
  label: string;
  name: string;
  flagUrl: string;
  siteUrl: string;
}

/** The five regional sites, each with its flag and a Visit Now link (the address itself not shown). */
export function RegionList({ regions }: { regions: RegionChoice[] }) {
  return (
    <ul className="region-list">
      {regions.map((region) => (
        <li key={region.code} className="region-list__item">
          <img src={region.flagUrl} alt="" width={48} height={32} />
          <span className="region-list__label">{region.label}</span>
          <a className="button button--ghost region-list__visit" href={region.siteUrl} aria-label={`Visit Now: ${region.name} site`}>
            Visit Now
          </a>
        </li>
      ))}
    </ul>
  );
}
