// The article's script: share popups and the live view count. No imports on purpose: it stays one
// small file (inlined by the build) and shares no chunk with the list's script.
// - Share buttons are links to the networks' share pages (they work without JavaScript). A click
//   opens that page in a popup sized by the list's data-share-popup ('width=600,height=400'),
//   for the URL of the page being read (X also gets the title, already in the link). Delegated
//   on the document, so it also serves the draft preview rendered in the browser.
// - On an article page (rendered on demand, possibly served from the CDN's cache),
//   POST /api/blog/posts/{slug}/view counts the view and returns the total (the GET is cached by
//   the CDN). Its path and answer are the route table's (a type-only import: nothing of the table
//   reaches the page).
import type { OutputOf, ROUTES } from '../../contract/routes.ts';

type ViewRoute = typeof ROUTES.blogPostView;
const VIEW_PATH: ViewRoute['path'] = '/api/blog/posts/:slug/view';

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-share]');
  const features = link?.closest<HTMLElement>('[data-share-popup]')?.dataset['sharePopup'];
  if (!link || !features) return;
  event.preventDefault();
  const target = new URL(link.href);
  for (const key of ['url', 'u'])
    if (target.searchParams.has(key)) target.searchParams.set(key, location.origin + location.pathname);
  const popup = window.open(target.href, '_blank', features);
  // The share page must not script this one; `noopener` in the features would drop the size.
  if (popup) popup.opener = null;
});

const page = document.querySelector<HTMLElement>('[data-article-page]');
if (page) {
  fetch(VIEW_PATH.replace(':slug', encodeURIComponent(page.dataset['articlePage'] ?? '')), {
    method: 'POST',
    headers: { Accept: 'application/json' },
  })
    .then(async (res) => {
      if (!res.ok) return;
      const { views } = ((await res.json()) as OutputOf<ViewRoute>).data;
      // Same wording as format.ts formatViews (kept import-free, see above).
      for (const el of page.querySelectorAll('[data-views]'))
        el.textContent = `${views.toLocaleString('en-US')} ${views === 1 ? 'view' : 'views'}`;
    })
    .catch(() => {
      /* offline: the article stays as it is */
    });
}
