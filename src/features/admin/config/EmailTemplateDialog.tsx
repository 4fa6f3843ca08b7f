import { useEffect } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/field.tsx';
import {
  CAMPAIGN_TYPES,
  type CampaignType,
  CONFIG_LIMITS,
  DEFAULT_CAMPAIGN_TYPE,
} from '../../../contract/admin-config.ts';
import {
  type EmailTemplateInput,
  EmailTemplateSchema,
  type EmailTemplateView,
} from '../../../contract/admin-email-templates.ts';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { withDetail } from './config-api.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { ROUTES } from '../../../contract/routes/admin.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';

interface Values {
  name: string;
  subject_line: string;
  html_content: string;
  campaign_type: string;
  delay_minutes: string;
}
const EMPTY: Values = {
  name: '',
  subject_line: '',
  html_content: '',
  campaign_type: DEFAULT_CAMPAIGN_TYPE,
  delay_minutes: '0',
};
const toValues = (t: EmailTemplateView | null): Values =>
  t
    ? {
        name: t.name,
        subject_line: t.subject_line,
        html_content: t.html_content,
        campaign_type: t.campaign_type,
        delay_minutes: String(t.delay_minutes),
      }
    : EMPTY;

/** 'Create Email Template' (docs/product.md §2 and §5), also used to edit one. */
export function EmailTemplateDialog({
  open,
  onOpenChange,
  template,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  template: EmailTemplateView | null;
  onSaved: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useContractForm<Values>(EmailTemplateSchema.omit({ is_active: true }), toValues(template));
  useEffect(() => {
    if (open) reset(toValues(template));
  }, [open, template, reset]);

  const editing = template !== null;
  const refused = (_message: string, error: unknown) =>
    toast.error(editing ? 'Failed to update email template' : 'Failed to create email template', withDetail(error));
  const create = useWrite(ROUTES.adminTemplateCreate, {
    fallback: 'Failed to create email template',
    onError: refused,
  });
  const update = useWrite(ROUTES.adminTemplateUpdate, {
    fallback: 'Failed to update email template',
    onError: refused,
  });
  const onSubmit = async (values: Values) => {
    const body: EmailTemplateInput = {
      ...values,
      campaign_type: values.campaign_type as CampaignType,
      delay_minutes: Number(values.delay_minutes),
      is_active: template?.is_active ?? true,
    };
    const sent = template ? await update.run({ params: { id: template.id }, body }) : await create.run({ body });
    if (!sent.ok) return;
    toast.success(editing ? 'Email template updated' : 'Email template created');
    onOpenChange(false);
    onSaved();
  };

  const err = (name: keyof Values) => errors[name]?.message;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Email Template' : 'Create Email Template'}
      description="Personalise with {{firstName}}, {{lastName}} and {{userId}}."
      className="max-w-2xl"
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-busy={isSubmitting}>
        <FormField id="template-name" label="Template Name *" error={err('name')}>
          <Input
            id="template-name"
            required
            maxLength={CONFIG_LIMITS.templateName}
            {...fieldAria('template-name', err('name'))}
            {...register('name')}
          />
        </FormField>
        <FormField id="template-subject_line" label="Subject Line *" error={err('subject_line')}>
          <Input
            id="template-subject_line"
            required
            maxLength={CONFIG_LIMITS.subjectLine}
            {...fieldAria('template-subject_line', err('subject_line'))}
            {...register('subject_line')}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="template-campaign_type" label="Campaign Type" error={err('campaign_type')}>
            <NativeSelect id="template-campaign_type" options={CAMPAIGN_TYPES} {...register('campaign_type')} />
          </FormField>
          <FormField
            id="template-delay_minutes"
            label="Delay (minutes)"
            error={err('delay_minutes')}
            hint="0 sends at once"
          >
            <Input
              id="template-delay_minutes"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              {...fieldAria('template-delay_minutes', err('delay_minutes'), true)}
              {...register('delay_minutes')}
            />
          </FormField>
        </div>
        <FormField
          id="template-html_content"
          label="HTML Content *"
          error={err('html_content')}
          hint="Scripts and unsafe attributes are removed when saved."
        >
          <Textarea
            id="template-html_content"
            rows={10}
            required
            className="font-mono text-sm"
            spellCheck={false}
            {...fieldAria('template-html_content', err('html_content'), true)}
            {...register('html_content')}
          />
        </FormField>
        <DialogFooter className="pt-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" pending={isSubmitting}>
            {editing ? 'Save Template' : 'Create Template'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
