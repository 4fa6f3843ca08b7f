import { ExternalLink, FileText, Pencil, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Loading, Spinner } from '../../components/ui/spinner.tsx';
import { BLOG_ADMIN_MESSAGES, BLOG_ADMIN_TAG_PREVIEW, type BlogPost, type BlogPostData } from '../../contract/blog.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { LoadError } from '../admin/LoadError.tsx';
import { blogAdminApi } from './blog-admin-api.ts';
import { BlogPostDialog } from './BlogPostDialog.tsx';

type ListState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; posts: BlogPost[] };

function loadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    return 'Your admin session has expired. Please sign in again.';
  }
  return 'Failed to load blog posts';
}

function TagPreview({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  const shown = tags.slice(0, BLOG_ADMIN_TAG_PREVIEW);
  const more = tags.length - shown.length;
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags">
      {shown.map((t) => (
        <li key={t}>
          <Badge tone="outline" className="font-normal">
            {t}
          </Badge>
        </li>
      ))}
      {more > 0 && <li className="px-1 text-xs leading-6 text-muted-foreground">+{more} more</li>}
    </ul>
  );
}

function PostRow({ post, busy, onEdit, onDelete }: { post: BlogPost; busy: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card className="p-4 sm:p-5">
      <article aria-label={post.title} className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={post.published ? 'success' : 'secondary'}>{post.published ? 'Published' : 'Draft'}</Badge>
            <Badge tone="info">{post.category}</Badge>
          </div>
          <h3 className="mt-2 font-semibold leading-snug break-words">{post.title}</h3>
          <p className="mt-1 text-sm text-muted-foreground">
            <span className="break-all">/blog/{post.slug}</span>
            <span aria-hidden="true"> · </span>
            {post.publishedAt ? `Published ${formatDate(post.publishedAt)}` : `Created ${formatDate(post.createdAt)}`}
            <span aria-hidden="true"> · </span>
            {post.views.toLocaleString('en-US')} {post.views === 1 ? 'view' : 'views'}
            <span aria-hidden="true"> · </span>
            {post.readingTime} min read
          </p>
          <TagPreview tags={post.tags} />
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <a
            className={buttonClass('outline', 'sm')}
            href={`/blog/${encodeURIComponent(post.slug)}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Preview ${post.title} (opens in a new tab)`}
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            Preview
          </a>
          <Button variant="outline" size="sm" onClick={onEdit} disabled={busy} aria-label={`Edit ${post.title}`}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
          <Button variant="outline" size="sm" onClick={onDelete} disabled={busy} aria-label={`Delete ${post.title}`} className="text-destructive">
            {busy ? <Spinner /> : <Trash2 className="h-4 w-4" aria-hidden="true" />}
            Delete
          </Button>
        </div>
      </article>
    </Card>
  );
}

/**
 * The admin console's 'Blog Posts' tab (spec sections 2, 7 and 8): every post with its status,
 * tags, dates and views; New Post, Edit, Preview, Delete, and 'Generate Professional Content'.
 * Failures are alerts and confirmations are the browser's confirm, as the spec describes.
 */
export default function BlogAdminPanel() {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const [dialog, setDialog] = useState<{ open: boolean; post: BlogPost | null }>({ open: false, post: null });
  const [deleting, setDeleting] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    blogAdminApi
      .list(controller.signal)
      .then((posts) => setState({ status: 'ready', posts }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: loadErrorMessage(error) });
      });
    return () => controller.abort();
  }, [version]);

  const posts = useMemo(() => (state.status === 'ready' ? state.posts : []), [state]);
  const categories = useMemo(() => [...new Set(posts.map((p) => p.category))].sort(), [posts]);
  const published = posts.filter((p) => p.published).length;

  const save = async (values: BlogPostData): Promise<boolean> => {
    const editing = dialog.post;
    try {
      if (editing) {
        await blogAdminApi.update(editing.id, values);
        toast.success('Post updated');
      } else {
        const created = await blogAdminApi.create(values);
        toast.success(created.published ? 'Post published' : 'Draft saved');
      }
      reload();
      return true;
    } catch {
      window.alert(editing ? BLOG_ADMIN_MESSAGES.updateFailed : BLOG_ADMIN_MESSAGES.createFailed);
      return false;
    }
  };

  const remove = async (post: BlogPost) => {
    if (!window.confirm(BLOG_ADMIN_MESSAGES.confirmDelete)) return;
    setDeleting(post.id);
    try {
      await blogAdminApi.remove(post.id);
      toast.success('Post deleted');
      reload();
    } catch {
      window.alert(BLOG_ADMIN_MESSAGES.deleteFailed);
    } finally {
      setDeleting(null);
    }
  };

  const generate = async () => {
    if (!window.confirm(BLOG_ADMIN_MESSAGES.confirmGenerate)) return;
    setGenerating(true);
    try {
      const created = await blogAdminApi.generate();
      toast.success(`Generated ${created} professional articles`);
      reload();
    } catch (error) {
      // Pressed in another tab or by another administrator: the run under way will finish.
      if (error instanceof ApiError && error.status === 409 && error.detail) {
        toast.info(error.detail);
        reload();
      } else {
        window.alert(BLOG_ADMIN_MESSAGES.generateFailed);
      }
    } finally {
      setGenerating(false);
    }
  };

  return (
    <section aria-labelledby="blog-admin-heading" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="blog-admin-heading" className="text-xl font-semibold">
            Blog Posts
          </h2>
          {state.status === 'ready' && (
            <p className="text-sm text-muted-foreground">
              {posts.length} {posts.length === 1 ? 'post' : 'posts'}, {published} published
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={generate} disabled={generating}>
            {generating ? <Spinner /> : <Sparkles className="h-4 w-4" aria-hidden="true" />}
            {generating ? 'Generating...' : 'Generate Professional Content'}
          </Button>
          <Button onClick={() => setDialog({ open: true, post: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            New Post
          </Button>
        </div>
      </div>

      {state.status === 'loading' && <Loading label="Loading blog posts..." />}
      {state.status === 'error' && <LoadError message={state.message} onRetry={reload} />}
      {state.status === 'ready' && posts.length === 0 && (
        <div className="rounded-lg border border-dashed border-border py-12 text-center">
          <FileText className="mx-auto h-8 w-8 text-muted-foreground" aria-hidden="true" />
          <p className="mt-2 font-medium">No blog posts yet</p>
          <p className="mt-1 text-sm text-muted-foreground">Write a new post, or load the professional article library.</p>
        </div>
      )}
      {posts.length > 0 && (
        <ul className="space-y-3">
          {posts.map((post) => (
            <li key={post.id}>
              <PostRow
                post={post}
                busy={deleting === post.id}
                onEdit={() => setDialog({ open: true, post })}
                onDelete={() => void remove(post)}
              />
            </li>
          ))}
        </ul>
      )}

      <BlogPostDialog
        open={dialog.open}
        post={dialog.post}
        categories={categories}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSave={save}
      />
    </section>
  );
}
