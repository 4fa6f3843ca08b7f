import { BUSINESS } from '../../contract/business.ts';

/**
 * schema.org LocalBusiness (an AutomotiveBusiness is the closest type for a repair service that
 * travels) for the home page, from the one business constant: search results can show the phone,
 * and the service area. The hours are the administrator's business_hours setting, added by the page
 * (site-settings-client.ts). A string safe inside <script type="application/ld+json">.
 */
export function localBusinessJsonLd(home: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${home}#business`,
    name: BUSINESS.name,
    description: `${BUSINESS.tagline} by an FAA certified A&P mechanic: 100-hour and annual inspections, maintenance, emergency repairs and parts sourcing, at your hangar or ramp.`,
    url: home,
    telephone: BUSINESS.phoneE164,
    address: { '@type': 'PostalAddress', addressLocality: 'San Francisco', addressRegion: 'CA', addressCountry: 'US' },
    areaServed: { '@type': 'Country', name: BUSINESS.areaServed },
    image: new URL('/og-image.png', home).href,
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
