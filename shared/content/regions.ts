import type { Region } from './site-types';

export const regions: Region[] = [
  { code: 'us', label: 'USA', name: 'United States', flag: 'images/flags/us.svg', defaultSiteUrl: 'https://us.brightpath.example' },
  { code: 'uk', label: 'UK', name: 'United Kingdom', flag: 'images/flags/uk.svg', defaultSiteUrl: 'https://uk.brightpath.example' },
  { code: 'eu', label: 'EU', name: 'European Union', flag: 'images/flags/eu.svg', defaultSiteUrl: 'https://eu.brightpath.example' },
  { code: 'uae', label: 'UAE', name: 'United Arab Emirates', flag: 'images/flags/uae.svg', defaultSiteUrl: 'https://uae.brightpath.example' },
  { code: 'in', label: 'India', name: 'India', flag: 'images/flags/in.svg', defaultSiteUrl: 'https://in.brightpath.example' },
];
