import type { BlogPost } from '../../contract/blog-constants.ts';

/**
 * schema.org BlogPosting + BreadcrumbList for an article, as a string safe inside a
 * <script type="application/ld+json"> element (no `</script>` can close it early).
 */
export function articleJsonLd(post: BlogPost, url: string, home: string, publisher: string): string {
  // The blog's one address, as its links write it (docs/decisions/0460).
  const blog = new URL('/blog', home).href;
  const publisherOrg = { '@type': 'Organization', name: publisher, url: home };
  const data = [
    {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.metaDescription,
      datePublished: post.publishedAt ?? post.createdAt,
      dateModified: post.updatedAt,
      // A post without an author is signed by the business (docs/decisions/0462).
      author: post.author ? { '@type': 'Person', name: post.author } : publisherOrg,
      publisher: publisherOrg,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      articleSection: post.category,
      keywords: [...post.seoKeywords, ...post.tags].join(', '),
      timeRequired: `PT${post.readingTime}M`,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: home },
        { '@type': 'ListItem', position: 2, name: 'Blog', item: blog },
        { '@type': 'ListItem', position: 3, name: post.title, item: url },
      ],
    },
  ];
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
