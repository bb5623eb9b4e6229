import type { RegionChoice } from '../../islands/lib/region-list';
import { useAsset, useRenderContext } from '../render-context';
import { regions } from '../../shared/content/regions';

/** The five regions with their flag URLs and site addresses (`REGION_SITES` overrides the defaults). */
export function useRegionChoices(): RegionChoice[] {
  const { config } = useRenderContext();
  const asset = useAsset();
  return regions.map((region) => ({
    code: region.code,
    label: region.label,
    name: region.name,
    flagUrl: asset(region.flag),
    siteUrl: config.regionSites[region.code] ?? region.defaultSiteUrl,
  }));
}
