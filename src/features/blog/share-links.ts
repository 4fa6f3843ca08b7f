/** Where each share button points; the page script opens these in a 600x400 popup. */
export function shareLinks(url: string, title: string): { network: string; label: string; href: string }[] {
  const u = encodeURIComponent(url);
  return [
    {
      network: 'x',
      label: 'X (Twitter)',
      href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
    },
    { network: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}
