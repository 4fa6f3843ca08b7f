import { useEffect, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/field.tsx';
import { fieldAria, FormField } from '../../components/ui/form-field.tsx';
import {
  BLOG_IMAGE_ACCEPT,
  BLOG_IMAGE_ALT_MAX,
  BLOG_IMAGE_MAX_BYTES,
  BlogImageFormSchema,
  BlogLinkFormSchema,
  type BlogImage,
} from '../../contract/blog-images.ts';
import { ROUTES } from '../../contract/routes/blog.ts';
import { useWrite } from '../../lib/use-write.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

/**
 * The editor's Link and Image dialogs (docs/decisions/0400). They open inside the post's dialog;
 * their forms are portalled out of the post's <form> in the page, but React still bubbles a submit
 * through the component tree, so each stops its own submit from saving the post.
 */
const ownSubmit = (submit: (e?: FormEvent) => Promise<void>) => (e: FormEvent) => {
  e.stopPropagation();
  void submit(e);
};

interface LinkValues {
  text: string;
  href: string;
}

export function LinkDialog({
  open,
  onOpenChange,
  initial,
  onInsert,
  onRemove,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selected text and the link it already has ('' for none). */
  initial: LinkValues;
  onInsert: (link: LinkValues) => void;
  onRemove: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useContractForm<LinkValues>(BlogLinkFormSchema, initial);
  useEffect(() => {
    if (open) reset(initial);
  }, [open, initial, reset]);
  const onSubmit = (values: LinkValues) => {
    onInsert({ text: values.text.trim(), href: values.href.trim() });
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={initial.href ? 'Edit link' : 'Add link'}>
      <form onSubmit={ownSubmit(handleSubmit(onSubmit))} noValidate className="space-y-4">
        <FormField id="blog-link-text" label="Text" error={errors.text?.message} hint="Empty: the address is shown">
          <Input
            id="blog-link-text"
            {...fieldAria('blog-link-text', errors.text?.message, true)}
            {...register('text')}
          />
        </FormField>
        <FormField
          id="blog-link-href"
          label="Address"
          required
          error={errors.href?.message}
          hint="https://… for another site, /services for a page on this one"
        >
          <Input
            id="blog-link-href"
            required
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            {...fieldAria('blog-link-href', errors.href?.message, true)}
            {...register('href')}
          />
        </FormField>
        <DialogFooter className="pt-2">
          {initial.href && (
            <Button
              variant="outline"
              onClick={() => {
                onRemove();
                onOpenChange(false);
              }}
            >
              Remove link
            </Button>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit">{initial.href ? 'Save link' : 'Add link'}</Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

interface ImageValues {
  file: FileList | undefined;
  alt: string;
}
const EMPTY_IMAGE: ImageValues = { file: undefined, alt: '' };

export function ImageDialog({
  open,
  onOpenChange,
  onInsert,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsert: (image: BlogImage) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useContractForm<ImageValues>(BlogImageFormSchema, EMPTY_IMAGE);
  useEffect(() => {
    if (open) reset(EMPTY_IMAGE);
  }, [open, reset]);
  const upload = useWrite(ROUTES.blogImageUpload, { fallback: 'The picture could not be uploaded. Please try again.' });
  const { clearError } = upload;
  useEffect(() => {
    if (open) clearError();
  }, [open, clearError]);
  const onSubmit = async (values: ImageValues) => {
    const body = new FormData();
    body.set('file', values.file![0]!);
    body.set('alt', values.alt.trim());
    const sent = await upload.run({ body });
    if (!sent.ok) return;
    onInsert(sent.data);
    onOpenChange(false);
  };
  const fileError = errors.file?.message;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !upload.pending && onOpenChange(next)}
      title="Add image"
      description="A photo from this computer or phone; it is shrunk for the web."
    >
      <form onSubmit={ownSubmit(handleSubmit(onSubmit))} noValidate className="space-y-4" aria-busy={upload.pending}>
        <FormField
          id="blog-image-file"
          label="Picture"
          required
          error={fileError}
          hint={`JPEG, PNG, WebP, GIF or AVIF, up to ${BLOG_IMAGE_MAX_BYTES / (1024 * 1024)} MB`}
        >
          <Input
            id="blog-image-file"
            type="file"
            accept={BLOG_IMAGE_ACCEPT}
            required
            {...fieldAria('blog-image-file', fileError, true)}
            {...register('file')}
          />
        </FormField>
        <FormField
          id="blog-image-alt"
          label="Alt text"
          required
          error={errors.alt?.message}
          hint="What the picture shows, for readers who cannot see it"
        >
          <Input
            id="blog-image-alt"
            required
            maxLength={BLOG_IMAGE_ALT_MAX}
            {...fieldAria('blog-image-alt', errors.alt?.message, true)}
            {...register('alt')}
          />
        </FormField>
        {upload.error && (
          <p role="alert" className="text-sm text-destructive">
            {upload.error}
          </p>
        )}
        <DialogFooter className="pt-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={upload.pending}>
            Cancel
          </Button>
          <Button type="submit" pending={upload.pending}>
            {upload.pending ? 'Uploading…' : 'Upload and insert'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
