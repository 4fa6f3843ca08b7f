/** The sections of the home page the header scrolls to (docs/product.md §2, "Public header"). */
export const HOME_SECTIONS = [
  { id: 'home', label: 'Home' },
  { id: 'services', label: 'Services' },
  { id: 'about', label: 'About' },
  { id: 'contact', label: 'Contact' },
] as const;

/** The quote form's anchor: 'Get Quote', 'Get Free Quote' and 'Contact Us' lead there. */
export const QUOTE_ANCHOR = 'quote';

/**
 * sessionStorage key carrying the section to scroll to when a header entry is chosen on another
 * route: the browser goes to `/` (a clean URL, as the spec says) and the home page scrolls there.
 */
export const PENDING_SECTION_KEY = 'scrollToSection';
