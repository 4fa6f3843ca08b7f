import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { FieldError, Input, Label } from '../../components/ui/field.tsx';
import { cleanKeywords, MARKETING_LIMITS } from '../../contract/marketing.ts';
import { ROUTES } from '../../contract/routes.ts';
import { detailOf } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';

/** Add Tags: comma-separated tags added to every selected lead (existing tags are kept). */
export function AddTagsDialog({
  open,
  onOpenChange,
  leadIds,
  onTagged,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  leadIds: string[];
  /** The leads and the tags the server added to them, to show at once. */
  onTagged: (leadIds: string[], tags: string[]) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const tags = cleanKeywords(text.split(','));
  const add = useWrite(ROUTES.marketingTags, {
    fallback: 'Failed to add tags',
    onError: (_message, err) => {
      const detail = detailOf(err);
      toast.error('Failed to add tags', detail ? { description: detail } : {});
    },
  });
  const saving = add.pending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (tags.length === 0) return setError('Add at least one tag');
    if (tags.some((t) => t.length > MARKETING_LIMITS.tagLength))
      return setError(`Each tag must be at most ${MARKETING_LIMITS.tagLength} characters`);
    const sent = await add.run({ body: { lead_ids: leadIds, tags } });
    if (!sent.ok) return;
    toast.success('Tags added', { description: sent.data.message });
    setText('');
    setError(undefined);
    onOpenChange(false);
    onTagged(leadIds, tags);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Tags"
      description={`Tags are added to the ${leadIds.length} selected lead${leadIds.length === 1 ? '' : 's'}.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="lead-tags">Tags</Label>
          <Input
            id="lead-tags"
            value={text}
            placeholder="e.g. hot, texas, follow-up"
            onChange={(e) => {
              setText(e.target.value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'lead-tags-error' : 'lead-tags-hint'}
          />
          {!error && (
            <p id="lead-tags-hint" className="mt-1 text-xs text-muted-foreground">
              Separate tags with commas.
            </p>
          )}
          <FieldError id="lead-tags-error" message={error} />
        </div>
        {tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Tags to add">
            {tags.map((t) => (
              <li key={t}>
                <Badge tone="secondary">{t}</Badge>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={tags.length === 0} pending={saving}>
            Add Tags
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
