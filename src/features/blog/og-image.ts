import { BLOG_IMAGE_PATH } from '../../contract/blog-images.ts';

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#39': "'", apos: "'", lt: '<', gt: '>' };
const decode = (text: string) => text.replace(/&(amp|quot|#39|apos|lt|gt);/g, (_, name: string) => ENTITIES[name]!);
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/**
 * The picture a shared link shows for an article: its first photo uploaded into the post (served
 * from the site), with that photo's alt text. Null when the post has none: the page then keeps the
 * site's own card. The content is the sanitized HTML the article renders.
 */
export function articleImage(html: string): { path: string; alt: string } | null {
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (!src) continue;
    const path = decode(src);
    if (!path.startsWith(BLOG_IMAGE_PATH)) continue;
    return { path, alt: decode(attr(tag, 'alt') ?? '') };
  }
  return null;
}
