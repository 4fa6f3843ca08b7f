import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Undo2,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { cn } from '../../components/ui/cn.ts';
import { ImageDialog, LinkDialog } from './EditorDialogs.tsx';
// The article's own typography: what is written here looks as it will on /blog.
import './blog-prose.css';

/**
 * The article editor (docs/decisions/0194-blog-editor.md): TipTap (ProseMirror) with headings,
 * lists, quotes, links and images. Its schema is the cleaning: what a word processor pastes is
 * parsed into these nodes, and its styles, classes and fonts are dropped; the server sanitizes the
 * HTML again on save. Loaded only when the post dialog opens (React.lazy in BlogPostDialog).
 */
export default function RichTextEditor({
  id,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  describedBy: string | undefined;
  invalid: boolean;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
        code: false,
        codeBlock: false,
      }),
      Image,
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'blog-prose min-h-64 max-h-[60vh] overflow-y-auto px-3 py-2 focus:outline-none [&>:first-child]:mt-0',
      },
    },
    // An empty document is '' (not '<p></p>'), so "Content is required" still applies.
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // The form was reset (another post opened): show its content.
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div
      className={cn('rounded-md border bg-background', invalid ? 'border-destructive' : 'border-input')}
      data-rich-editor
    >
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  // Link and Image open the editor's own dialogs; the selection is kept while they are open.
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const [linkInitial, setLinkInitial] = useState({ text: '', href: '' });
  const openLink = () => {
    const { from, to } = editor.state.selection;
    const href = (editor.getAttributes('link')['href'] as string | undefined) ?? '';
    setLinkInitial({ text: editor.state.doc.textBetween(from, to, ' '), href });
    setLinkOpen(true);
  };
  const insertLink = ({ text, href }: { text: string; href: string }) => {
    const { from, to } = editor.state.selection;
    const selected = editor.state.doc.textBetween(from, to, ' ');
    if (from === to || (text && text !== selected)) {
      // Nothing selected, or new words: insert the words as the link.
      const words = text || href;
      chain()
        .insertContentAt({ from, to }, { type: 'text', text: words, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else chain().extendMarkRange('link').setLink({ href }).run();
  };
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b border-border p-1">
      <Tool
        label="Bold"
        active={state.bold}
        onClick={() => chain().toggleBold().run()}
        icon={<Bold className="h-4 w-4" />}
      />
      <Tool
        label="Italic"
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
        icon={<Italic className="h-4 w-4" />}
      />
      <Tool
        label="Heading"
        active={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
        icon={<Heading2 className="h-4 w-4" />}
      />
      <Tool
        label="Subheading"
        active={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
        icon={<Heading3 className="h-4 w-4" />}
      />
      <Tool
        label="Bulleted list"
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
        icon={<List className="h-4 w-4" />}
      />
      <Tool
        label="Numbered list"
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
        icon={<ListOrdered className="h-4 w-4" />}
      />
      <Tool
        label="Quote"
        active={state.quote}
        onClick={() => chain().toggleBlockquote().run()}
        icon={<Quote className="h-4 w-4" />}
      />
      <Tool label="Link" active={state.link} onClick={openLink} icon={<Link2 className="h-4 w-4" />} />
      <Tool label="Image" onClick={() => setImageOpen(true)} icon={<ImagePlus className="h-4 w-4" />} />
      <Tool
        label="Undo"
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
        icon={<Undo2 className="h-4 w-4" />}
      />
      <Tool
        label="Redo"
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
        icon={<Redo2 className="h-4 w-4" />}
      />
      <LinkDialog
        open={linkOpen}
        onOpenChange={setLinkOpen}
        initial={linkInitial}
        onInsert={insertLink}
        onRemove={() => chain().extendMarkRange('link').unsetLink().run()}
      />
      <ImageDialog
        open={imageOpen}
        onOpenChange={setImageOpen}
        onInsert={({ url, alt, width, height }) => chain().setImage({ src: url, alt, width, height }).run()}
      />
    </div>
  );
}

function Tool({
  label,
  icon,
  onClick,
  active,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      {...(active === undefined ? {} : { 'aria-pressed': active })}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 w-9 items-center justify-center rounded-md text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40',
        active && 'bg-muted text-accent',
      )}
    >
      <span aria-hidden="true">{icon}</span>
    </button>
  );
}
