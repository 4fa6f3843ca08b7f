import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/form-bits.tsx';
import { AddTagsFormSchema, cleanKeywords } from '../../contract/marketing.ts';
import { ROUTES } from '../../contract/routes/marketing.ts';
import { detailOf } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

interface Values {
  /** Comma-separated, as typed. */
  tags: string;
}

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
  const {
    register,
    handleSubmit,
    reset,
    placeErrors,
    watch,
    formState: { errors },
  } = useContractForm<Values>(AddTagsFormSchema, { tags: '' });
  const tags = cleanKeywords(watch('tags').split(','));
  const add = useWrite(ROUTES.marketingTags, {
    fallback: 'Failed to add tags',
    onError: (_message, err) => {
      if (placeErrors(err)) return;
      const detail = detailOf(err);
      toast.error('Failed to add tags', detail ? { description: detail } : {});
    },
  });
  const saving = add.pending;

  const send = async () => {
    const sent = await add.run({ body: { lead_ids: leadIds, tags } });
    if (!sent.ok) return;
    toast.success('Tags added', { description: sent.data.message });
    reset({ tags: '' });
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
      <form onSubmit={handleSubmit(send)} noValidate className="space-y-4">
        <TextField
          prefix="lead"
          register={register}
          errors={errors}
          name="tags"
          label="Tags"
          hint="Separate tags with commas."
          placeholder="e.g. hot, texas, follow-up"
        />
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
