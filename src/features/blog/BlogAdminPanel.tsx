import { ExternalLink, FileText, Pencil, Plus, RotateCcw, Sparkles, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Loading, Spinner } from '../../components/ui/spinner.tsx';
import { BLOG_TRASH_DAYS, type GenerateSummary, type TrashedBlogPost } from '../../contract/blog-constants.ts';
import { BLOG_ADMIN_MESSAGES, BLOG_ADMIN_TAG_PREVIEW, type BlogPostData } from '../../contract/blog.ts';
import { type BlogPost } from '../../contract/blog-constants.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ROUTES } from '../../contract/routes/blog.ts';
import { useRoute } from '../../lib/use-query.ts';
import { detailOr } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
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

function PostRow({
  post,
  busy,
  onEdit,
  onDelete,
}: {
  post: BlogPost;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
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
            {/* A draft is never "Published", whatever date it kept from an earlier publication. */}
            {post.published && post.publishedAt
              ? `Published ${formatDate(post.publishedAt)}`
              : `Created ${formatDate(post.createdAt)}`}
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
            href={
              post.published
                ? `/blog/${encodeURIComponent(post.slug)}`
                : `/blog/article/?slug=${encodeURIComponent(post.slug)}`
            }
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
          <Button
            variant="outline"
            size="sm"
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete ${post.title}`}
            className="text-destructive"
          >
            {busy ? <Spinner /> : <Trash2 className="h-4 w-4" aria-hidden="true" />}
            Delete
          </Button>
        </div>
      </article>
    </Card>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Deleted and replaced posts, restorable for BLOG_TRASH_DAYS. */
/** Stable (module level), so React calls it once, when the trash opens. */
const intoViewOnOpen = (el: HTMLElement | null) => el?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/** Why a save failed, after the editor's sentence (e.g. the post was deleted in another tab). */
function saveRefusal(error: unknown, fallback: string): string {
  const gone = error instanceof ApiError && error.status === 404;
  const detail = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.detail : undefined;
  const why =
    gone && detail === 'Post not found'
      ? ': this post no longer exists (deleted or replaced). Your text is still here: copy it into a new post.'
      : detail
        ? `: ${detail}`
        : '';
  return `${fallback}${why}`;
}

function TrashList({ version, onRestored }: { version: number; onRestored: () => void }) {
  const [items, setItems] = useState<TrashedBlogPost[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [restoring, setRestoring] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    blogAdminApi
      .trash(controller.signal)
      .then(setItems)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [version]);

  const restoreWrite = useWrite(ROUTES.blogAdminRestore, {
    fallback: 'Failed to restore the post',
    reason: detailOr,
    onError: (message) => toast.error(message),
  });
  const restore = async (post: TrashedBlogPost) => {
    setRestoring(post.id);
    const sent = await restoreWrite.run({ params: { id: post.id } });
    setRestoring(null);
    if (!sent.ok) return;
    const back = sent.data.data;
    toast.success(`Restored “${back.title}”${back.slug !== post.slug ? ` at /blog/${back.slug}` : ''}`);
    setItems((list) => list?.filter((p) => p.id !== post.id) ?? null);
    onRestored();
  };

  if (failed) return <p className="text-sm text-destructive">Failed to load the trash</p>;
  if (!items) return <Loading label="Loading the trash..." />;
  if (!items.length)
    return (
      <p className="text-sm text-muted-foreground">
        The trash is empty. Deleted and replaced posts stay here for {BLOG_TRASH_DAYS} days.
      </p>
    );
  return (
    <ul className="space-y-2" aria-label="Trash">
      {items.map((post) => (
        <li key={post.id}>
          <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-words">{post.title}</p>
              <p className="text-sm text-muted-foreground">
                {post.reason === 'replaced' ? 'Replaced by Generate' : 'Deleted'} {formatDate(post.trashedAt)} ·{' '}
                {post.published ? 'was published' : 'draft'} · {plural(post.views, 'view')} · removed for good{' '}
                {formatDate(post.purgeAt)}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void restore(post)}
              disabled={restoring === post.id}
              aria-label={`Restore ${post.title}`}
            >
              {restoring === post.id ? <Spinner /> : <RotateCcw className="h-4 w-4" aria-hidden="true" />}
              Restore
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/**
 * The admin console's 'Blog Posts' tab (docs/product.md §2, §7 and §8): every post with its status,
 * tags, dates and views; New Post, Edit, Preview, Delete, and 'Generate Professional Content'.
 * Failures are alerts and confirmations are the browser's confirm, as the spec describes.
 */
export default function BlogAdminPanel() {
  const query = useRoute(ROUTES.blogAdminPosts);
  const state: ListState =
    query.state.status === 'ready'
      ? { status: 'ready', posts: query.state.data.data as BlogPost[] }
      : query.state.status === 'error'
        ? { status: 'error', message: loadErrorMessage(query.state.error) }
        : { status: 'loading' };
  const [dialog, setDialog] = useState<{ open: boolean; post: BlogPost | null }>({ open: false, post: null });
  const [deleting, setDeleting] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<BlogPost | null>(null);
  const [confirmGenerate, setConfirmGenerate] = useState<GenerateSummary | null>(null);
  const [showTrash, setShowTrash] = useState(false);
  // The trash follows every reload of the list (a delete or a Generate fills it).
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => {
    setVersion((v) => v + 1);
    void query.reload();
  }, [query]);

  const posts = useMemo(() => (state.status === 'ready' ? state.posts : []), [state]);
  const categories = useMemo(() => [...new Set(posts.map((p) => p.category))].sort(), [posts]);
  const published = posts.filter((p) => p.published).length;

  // A post deleted elsewhere (another tab, a Generate replacing it): the list is read again.
  const onSaveRefused = (_message: string, error: unknown) => {
    if (error instanceof ApiError && error.status === 404) reload();
  };
  const createWrite = useWrite(ROUTES.blogAdminCreate, {
    fallback: BLOG_ADMIN_MESSAGES.createFailed,
    reason: saveRefusal,
    onError: onSaveRefused,
  });
  const updateWrite = useWrite(ROUTES.blogAdminUpdate, {
    fallback: BLOG_ADMIN_MESSAGES.updateFailed,
    reason: saveRefusal,
    onError: onSaveRefused,
  });

  /** True when saved; else why not, shown in the editor beside the text it keeps (no native alert). */
  const save = async (values: BlogPostData): Promise<true | string> => {
    const editing = dialog.post;
    const sent = editing
      ? await updateWrite.run({ params: { id: editing.id }, body: values })
      : await createWrite.run({ body: values });
    if (!sent.ok) return sent.error;
    // The saved post takes its place in the list at once (new ones first); the list follows.
    const saved = sent.data.data;
    toast.success(editing ? 'Post updated' : saved.published ? 'Post published' : 'Draft saved');
    query.setData((current) => {
      if (!current) return current;
      const rest = current.data.filter((p) => p.id !== saved.id);
      return {
        ...current,
        data: editing ? current.data.map((p) => (p.id === saved.id ? saved : p)) : [saved, ...rest],
      };
    });
    reload();
    return true;
  };

  const removeWrite = useWrite(ROUTES.blogAdminDelete, {
    fallback: BLOG_ADMIN_MESSAGES.deleteFailed,
    onError: () => window.alert(BLOG_ADMIN_MESSAGES.deleteFailed),
  });
  const remove = async (post: BlogPost) => {
    setConfirmDelete(null);
    setDeleting(post.id);
    const sent = await removeWrite.run({ params: { id: post.id } });
    setDeleting(null);
    if (!sent.ok) return;
    toast.success(`“${post.title}” moved to the trash`);
    reload();
  };

  /** Asks first, saying what would be replaced (counted by the server). */
  const askGenerate = async () => {
    setGenerating(true);
    try {
      setConfirmGenerate(await blogAdminApi.generateSummary());
    } catch {
      window.alert(BLOG_ADMIN_MESSAGES.generateFailed);
    } finally {
      setGenerating(false);
    }
  };

  const generateWrite = useWrite(ROUTES.blogAdminGenerate, {
    fallback: BLOG_ADMIN_MESSAGES.generateFailed,
    onSuccess: ({ posts_created }) => {
      toast.success(`Generated ${posts_created} professional articles`);
      reload();
    },
    onError: (_message, error) => {
      // Pressed in another tab or by another administrator: the run under way will finish.
      if (error instanceof ApiError && error.status === 409 && error.detail) {
        toast.info(error.detail);
        reload();
      } else {
        window.alert(BLOG_ADMIN_MESSAGES.generateFailed);
      }
    },
  });
  const generate = async () => {
    setConfirmGenerate(null);
    setGenerating(true);
    await generateWrite.run();
    setGenerating(false);
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
          <Button variant="outline" onClick={() => setShowTrash((v) => !v)} aria-expanded={showTrash}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {showTrash ? 'Hide trash' : 'Trash'}
          </Button>
          <Button
            variant="outline"
            className="border-destructive/60 text-destructive hover:bg-destructive/10"
            onClick={() => void askGenerate()}
            disabled={generating}
          >
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
          <p className="mt-1 text-sm text-muted-foreground">
            Write a new post, or load the professional article library.
          </p>
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
                onDelete={() => setConfirmDelete(post)}
              />
            </li>
          ))}
        </ul>
      )}

      {showTrash && (
        <section
          aria-labelledby="blog-trash-heading"
          className="space-y-2 pt-4"
          // Opened below a long list: brought into view, not left off screen.
          ref={intoViewOnOpen}
        >
          <h3 id="blog-trash-heading" className="font-semibold">
            Trash
          </h3>
          <TrashList version={version} onRestored={reload} />
        </section>
      )}

      <ConfirmDialog
        open={confirmDelete !== null}
        onOpenChange={(open) => !open && setConfirmDelete(null)}
        title={`Delete “${confirmDelete?.title ?? ''}”?`}
        description={
          <>
            {BLOG_ADMIN_MESSAGES.confirmDelete} {confirmDelete?.published ? 'It leaves the blog at once. ' : ''}It moves
            to the trash, where you can restore it for {BLOG_TRASH_DAYS} days.
          </>
        }
        confirmLabel="Delete post"
        destructive
        onConfirm={() => confirmDelete && void remove(confirmDelete)}
      />
      <ConfirmDialog
        open={confirmGenerate !== null}
        onOpenChange={(open) => !open && setConfirmGenerate(null)}
        title="Replace every post with the professional library?"
        description={
          confirmGenerate && (
            <>
              <p>
                {confirmGenerate.posts === 0
                  ? `There are no posts to replace. The library's ${plural(confirmGenerate.library, 'article')} will be published.`
                  : `${plural(confirmGenerate.posts, 'post')} will be replaced${confirmGenerate.handWritten ? `, ${plural(confirmGenerate.handWritten, 'of them', 'of them')} written or edited by hand` : ''}, by the library's ${plural(confirmGenerate.library, 'article')}.`}
              </p>
              {confirmGenerate.posts > 0 && (
                <p className="mt-2">
                  Replaced posts go to the trash with their views, where you can restore them for {BLOG_TRASH_DAYS}{' '}
                  days.
                </p>
              )}
            </>
          )
        }
        confirmLabel={
          confirmGenerate && confirmGenerate.posts > 0
            ? `Replace ${plural(confirmGenerate.posts, 'post')}`
            : 'Publish the library'
        }
        destructive={Boolean(confirmGenerate?.posts)}
        onConfirm={() => void generate()}
      />

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
