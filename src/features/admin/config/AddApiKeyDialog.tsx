import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Checkbox, Input, NativeSelect, Textarea } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  ApiKeyFormSchema,
  CONFIG_LIMITS,
  INTEGRATION_KEY_HINTS,
  INTEGRATION_TYPES,
  IntegrationTypeSchema,
  type IntegrationType,
} from '../../../contract/admin-config.ts';
import { fieldAria, FormField } from '../../auth/FormField.tsx';
import { configApi, withDetail } from './config-api.ts';

/** The dialog validates with the function's schema, plus the integration type it sends in the URL. */
const DialogSchema = ApiKeyFormSchema.extend({ integration_type: IntegrationTypeSchema });

interface Values {
  integration_type: string;
  key_name: string;
  api_key: string;
  api_secret: string;
  is_primary: boolean;
  priority: string;
  daily_limit: string;
  monthly_limit: string;
  expires_at: string;
  additional_config: string;
}

const EMPTY: Values = {
  integration_type: '',
  key_name: '',
  api_key: '',
  api_secret: '',
  is_primary: false,
  priority: String(CONFIG_LIMITS.priorityDefault),
  daily_limit: '',
  monthly_limit: '',
  expires_at: '',
  additional_config: '',
};

/** Form data of the spec's fields; empty fields are not sent (spec section 5). */
export function apiKeyFormData(values: Values): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (name === 'integration_type') continue;
    if (typeof value === 'boolean') form.append(name, String(value));
    else if (value.trim() !== '') form.append(name, value.trim());
  }
  return form;
}

/** 'Add New API Key' (spec sections 2 and 5): integration type required, key name required, priority >= 1. */
export function AddApiKeyDialog({
  open,
  onOpenChange,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: () => void;
}) {
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    // raw: the submitted values stay the text typed, sent as form data; the schema only checks them.
    resolver: zodResolver(DialogSchema, undefined, { raw: true }) as unknown as Resolver<Values>,
    defaultValues: EMPTY,
  });
  const integration = watch('integration_type') as IntegrationType | '';
  const hints = integration ? INTEGRATION_KEY_HINTS[integration] : null;

  const onSubmit = async (values: Values) => {
    try {
      await configApi.addKey(values.integration_type as IntegrationType, apiKeyFormData(values));
      toast.success('API key added successfully');
      reset(EMPTY);
      onOpenChange(false);
      onAdded();
    } catch (error) {
      toast.error('Failed to add API key', withDetail(error));
    }
  };

  const text = (
    name: Exclude<keyof Values, 'is_primary'>,
    label: string,
    props: Record<string, unknown> = {},
    hint?: string,
  ) => {
    const id = `api-key-${name}`;
    const message = errors[name]?.message;
    return (
      <FormField id={id} label={label} error={message} {...(hint ? { hint } : {})}>
        <Input id={id} {...props} {...fieldAria(id, message, Boolean(hint))} {...register(name)} />
      </FormField>
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset(EMPTY);
        onOpenChange(next);
      }}
      title="Add New API Key"
      description="Keys are encrypted when saved and never shown in full again."
      className="max-w-xl"
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-busy={isSubmitting}>
        <FormField id="api-key-integration_type" label="Integration Type *" error={errors.integration_type?.message}>
          <NativeSelect
            id="api-key-integration_type"
            options={INTEGRATION_TYPES}
            placeholder="Select an integration"
            required
            {...fieldAria('api-key-integration_type', errors.integration_type?.message)}
            {...register('integration_type')}
          />
        </FormField>
        {text('key_name', 'Key Name *', {
          required: true,
          maxLength: CONFIG_LIMITS.keyName,
          placeholder: 'e.g. Production key',
        })}
        {text(
          'api_key',
          'API Key *',
          { required: true, type: 'password', autoComplete: 'off', spellCheck: false },
          hints?.apiKey,
        )}
        {text(
          'api_secret',
          'API Secret',
          { type: 'password', autoComplete: 'off', spellCheck: false },
          hints?.apiSecret ?? 'Optional',
        )}
        <div className="grid gap-4 sm:grid-cols-3">
          {text(
            'priority',
            'Priority',
            { type: 'number', min: CONFIG_LIMITS.priorityMin, step: 1, inputMode: 'numeric' },
            '1 = used first',
          )}
          {text('daily_limit', 'Daily Limit', { type: 'number', min: 1, step: 1, inputMode: 'numeric' })}
          {text('monthly_limit', 'Monthly Limit', { type: 'number', min: 1, step: 1, inputMode: 'numeric' })}
        </div>
        {text('expires_at', 'Expires On', { type: 'date' }, 'Optional: rotation retires the key after this date')}
        <FormField
          id="api-key-additional_config"
          label="Additional Config (JSON)"
          error={errors.additional_config?.message}
          hint='Optional, e.g. {"client_id": "..."}'
        >
          <Textarea
            id="api-key-additional_config"
            rows={3}
            className="font-mono text-sm"
            placeholder="{}"
            spellCheck={false}
            {...fieldAria('api-key-additional_config', errors.additional_config?.message, true)}
            {...register('additional_config')}
          />
        </FormField>
        <Checkbox
          id="api-key-is_primary"
          label="Make this the primary key for the integration"
          {...register('is_primary')}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={!integration || isSubmitting}>
            {isSubmitting && <Spinner />}
            Add API Key
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
