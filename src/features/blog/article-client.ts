// The article's script: share popups and the live view count. No imports on purpose: it stays one
// small file (inlined by the build) and shares no chunk with the list's script.
// - Share buttons are links to the networks' share pages (they work without JavaScript). A click
//   opens that page in a popup sized by the list's data-share-popup ('width=600,height=400'),
//   for the URL of the page being read (X also gets the title, already in the link). Delegated
//   on the document, so it also serves articles rendered later by the fallback page.
// - On a prerendered article, GET /api/blog/posts/{slug} counts the view and returns the total.
//   A 404 means the post was unpublished or deleted since the build: the page then shows the
//   'Article Not Found' screen it carries, prerendered, in a <template>.

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-share]');
  const features = link?.closest<HTMLElement>('[data-share-popup]')?.dataset['sharePopup'];
  if (!link || !features) return;
  event.preventDefault();
  const target = new URL(link.href);
  for (const key of ['url', 'u']) if (target.searchParams.has(key)) target.searchParams.set(key, location.origin + location.pathname);
  const popup = window.open(target.href, '_blank', features);
  // The share page must not script this one; `noopener` in the features would drop the size.
  if (popup) popup.opener = null;
});

const page = document.querySelector<HTMLElement>('[data-article-page]');
if (page) {
  fetch(`/api/blog/posts/${encodeURIComponent(page.dataset['articlePage'] ?? '')}`, { headers: { Accept: 'application/json' } })
    .then(async (res) => {
      const missing = page.querySelector<HTMLTemplateElement>('template[data-not-found]');
      if (res.status === 404 && missing) {
        document.title = 'Article Not Found';
        page.replaceChildren(missing.content);
        return;
      }
      if (!res.ok) return;
      const { views } = ((await res.json()) as { data: { views: number } }).data;
      // Same wording as format.ts formatViews (kept import-free, see above).
      for (const el of page.querySelectorAll('[data-views]')) el.textContent = `${views.toLocaleString('en-US')} ${views === 1 ? 'view' : 'views'}`;
    })
    .catch(() => {
      /* offline: the prerendered article stays as it is */
    });
}
