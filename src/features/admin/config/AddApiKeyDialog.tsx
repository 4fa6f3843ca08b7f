import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { z } from '../../../contract/zod.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { Checkbox, Input, NativeSelect, Textarea } from '../../../components/ui/field.tsx';
import {
  API_KEY_EXPIRY_HINT,
  ApiKeyFormSchema,
  type ApiKeyView,
  integrationKeyProblem,
  keyIsPublic,
  SMTP_DEFAULT_PORT,
  smtpPortAfterModeChange,
  SMTP_TLS_MODES,
  SmtpSettingsSchema,
  type SmtpTlsMode,
  stripeKeyProblems,
} from '../../../contract/admin-api-keys.ts';
import {
  CONFIG_LIMITS,
  INTEGRATION_KEY_HINTS,
  INTEGRATION_TYPES,
  type IntegrationType,
  IntegrationTypeSchema,
} from '../../../contract/admin-config.ts';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { withDetail } from './config-api.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { ROUTES } from '../../../contract/routes/admin.ts';

const SMTP_FIELDS = ['smtp_host', 'smtp_port', 'smtp_tls_mode', 'smtp_from_email', 'smtp_from_name'] as const;
type SmtpField = (typeof SMTP_FIELDS)[number];

/** SMTP's own fields, as the additional_config the function checks with the same schema. */
function smtpSettings(values: Partial<Record<SmtpField, string | undefined>>) {
  return {
    host: values.smtp_host ?? '',
    port: values.smtp_port ?? '',
    tls_mode: values.smtp_tls_mode ?? '',
    from_email: values.smtp_from_email ?? '',
    from_name: values.smtp_from_name ?? '',
  };
}

/**
 * The dialog validates with the function's schema, plus the integration type it sends in the URL;
 * for SMTP also the password and the SMTP fields (SmtpSettingsSchema, as the function does).
 */
const DialogSchema = ApiKeyFormSchema.extend({
  integration_type: IntegrationTypeSchema,
  ...Object.fromEntries(SMTP_FIELDS.map((f) => [f, z.string().optional()])),
}).superRefine((values, ctx) => {
  // Google Analytics' key is a measurement ID (G-XXXXXXX), checked as the function checks it.
  const keyProblem = integrationKeyProblem(values.integration_type, values.api_key);
  if (keyProblem) ctx.addIssue({ code: 'custom', path: ['api_key'], message: keyProblem });
  // Stripe: a secret or restricted key with its webhook secret, as the function checks it.
  if (values.integration_type === 'stripe')
    for (const p of stripeKeyProblems(values.api_key, values.api_secret))
      ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  if (values.integration_type !== 'smtp') return;
  if (!values.api_secret)
    ctx.addIssue({ code: 'custom', path: ['api_secret'], message: 'Password is required for SMTP' });
  const parsed = SmtpSettingsSchema.safeParse(smtpSettings(values as Partial<Record<SmtpField, string>>));
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: [`smtp_${String(issue.path[0])}`], message: issue.message });
  }
});

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
  smtp_host: string;
  smtp_port: string;
  smtp_tls_mode: SmtpTlsMode;
  smtp_from_email: string;
  smtp_from_name: string;
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
  smtp_host: '',
  smtp_port: String(SMTP_DEFAULT_PORT.starttls),
  smtp_tls_mode: 'starttls',
  smtp_from_email: '',
  smtp_from_name: '',
};

/**
 * Form data of the spec's fields; empty fields are not sent (docs/product.md §5). SMTP's fields travel
 * as the key's additional_config (username = API key, password = API secret, both encrypted).
 */
export function apiKeyFormData(values: Values): FormData {
  const form = new FormData();
  const smtp = values.integration_type === 'smtp';
  for (const [name, value] of Object.entries(values)) {
    if (name === 'integration_type' || (SMTP_FIELDS as readonly string[]).includes(name)) continue;
    if (smtp && name === 'additional_config') continue;
    if (typeof value === 'boolean') form.append(name, String(value));
    else if (value.trim() !== '') form.append(name, value.trim());
  }
  if (smtp) {
    const settings = smtpSettings(values);
    form.append('additional_config', JSON.stringify({ ...settings, port: Number(settings.port) }));
  }
  return form;
}

/** 'Add New API Key' (docs/product.md §2 and §5): integration type required, key name required, priority >= 1. */
export function AddApiKeyDialog({
  open,
  onOpenChange,
  onAdded,
  keys = [],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The saved key, to show in its list at once. */
  onAdded: (key: ApiKeyView) => void;
  /** The keys there are, so the priority can start at the next free one and say whom it moves. */
  keys?: readonly ApiKeyView[];
}) {
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setValue,
    getValues,
    getFieldState,
    formState: { errors, isSubmitting },
    // The submitted values stay the text typed, sent as form data; the schema only checks them.
  } = useContractForm<Values>(DialogSchema, EMPTY);
  const integration = watch('integration_type') as IntegrationType | '';
  /** The TLS mode before the current choice: its usual port is the one a new mode may replace. */
  const modeRef = useRef<SmtpTlsMode>(EMPTY.smtp_tls_mode);
  const hints = integration ? INTEGRATION_KEY_HINTS[integration] : null;
  const smtp = integration === 'smtp';
  // A measurement ID is public (it is in every page's tag): typed in the clear, no secret.
  const analytics = integration !== '' && keyIsPublic(integration);
  const stripe = integration === 'stripe';

  // Priorities are unique per integration: start at the next free one; if the admin picks one a
  // key holds, say that it (and those after it) move down one, as the server does.
  const siblings = keys.filter((k) => k.integration_type === integration);
  const nextFree = siblings.reduce((max, k) => Math.max(max, k.priority), 0) + 1;
  useEffect(() => {
    if (integration && !getFieldState('priority').isDirty)
      setValue('priority', String(Math.min(nextFree, CONFIG_LIMITS.priorityMax)));
  }, [integration, nextFree, getFieldState, setValue]);
  const chosen = Number(watch('priority'));
  const holder = siblings.find((k) => k.priority === chosen);
  const priorityHint = holder
    ? `1 = used first. "${holder.key_name}" holds ${chosen}: it and the keys after it move down one.`
    : '1 = used first';

  const add = useWrite(ROUTES.adminApiKeyCreate, {
    fallback: 'Failed to add API key',
    onSuccess: ({ data: added }) => {
      toast.success('API key added successfully');
      reset(EMPTY);
      modeRef.current = EMPTY.smtp_tls_mode;
      onOpenChange(false);
      onAdded(added);
    },
    onError: (_message, error) => toast.error('Failed to add API key', withDetail(error)),
  });
  const onSubmit = async (values: Values) => {
    await add.run({
      query: { integration_type: values.integration_type as IntegrationType },
      body: apiKeyFormData(values),
    });
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
        if (!next) {
          reset(EMPTY);
          modeRef.current = EMPTY.smtp_tls_mode;
        }
        onOpenChange(next);
      }}
      title="Add New API Key"
      description={
        analytics
          ? 'A measurement ID is public (it is in every page): it is shown in full.'
          : 'Keys are encrypted when saved and never shown in full again.'
      }
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
        {smtp && (
          <fieldset className="space-y-4 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">SMTP server</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              <div className="sm:col-span-2">
                {text('smtp_host', 'SMTP Host *', {
                  required: true,
                  placeholder: 'smtp.example.com',
                  spellCheck: false,
                })}
              </div>
              {text('smtp_port', 'Port *', {
                required: true,
                type: 'number',
                min: 1,
                max: 65535,
                step: 1,
                inputMode: 'numeric',
              })}
            </div>
            <FormField id="api-key-smtp_tls_mode" label="TLS Mode *" error={errors.smtp_tls_mode?.message}>
              <NativeSelect
                id="api-key-smtp_tls_mode"
                options={SMTP_TLS_MODES}
                {...fieldAria('api-key-smtp_tls_mode', errors.smtp_tls_mode?.message)}
                {...register('smtp_tls_mode', {
                  // The usual port follows the mode, as mail clients do, unless the admin typed one.
                  onChange: (e: { target: { value: SmtpTlsMode } }) => {
                    const to = e.target.value;
                    setValue('smtp_port', smtpPortAfterModeChange(getValues('smtp_port'), modeRef.current, to));
                    modeRef.current = to;
                  },
                })}
              />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              {text('smtp_from_email', 'From Email *', {
                required: true,
                type: 'email',
                placeholder: 'no-reply@yourcompany.com',
              })}
              {text('smtp_from_name', 'From Name', { placeholder: 'Skyward Mobile Aviation' })}
            </div>
          </fieldset>
        )}
        {text(
          'api_key',
          smtp ? 'Username *' : analytics ? 'Measurement ID *' : 'API Key *',
          {
            required: true,
            type: analytics ? 'text' : 'password',
            autoComplete: 'off',
            spellCheck: false,
            ...(analytics ? { placeholder: 'G-XXXXXXX' } : {}),
          },
          hints?.apiKey,
        )}
        {!analytics &&
          text(
            'api_secret',
            smtp ? 'Password *' : stripe ? 'API Secret *' : 'API Secret',
            { type: 'password', autoComplete: 'off', spellCheck: false },
            hints?.apiSecret ?? 'Optional',
          )}
        <div className="grid gap-4 sm:grid-cols-3">
          {text(
            'priority',
            'Priority',
            { type: 'number', min: CONFIG_LIMITS.priorityMin, step: 1, inputMode: 'numeric' },
            priorityHint,
          )}
          {/* A measurement ID has no quota and never expires: those are an API key's (keyIsPublic). */}
          {!analytics && (
            <>
              {text('daily_limit', 'Daily Limit', { type: 'number', min: 1, step: 1, inputMode: 'numeric' })}
              {text('monthly_limit', 'Monthly Limit', { type: 'number', min: 1, step: 1, inputMode: 'numeric' })}
            </>
          )}
        </div>
        {!analytics && text('expires_at', 'Expires On', { type: 'date' }, API_KEY_EXPIRY_HINT)}
        {!smtp && !analytics && (
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
        )}
        <Checkbox
          id="api-key-is_primary"
          label="Make this the primary key for the integration"
          {...register('is_primary')}
        />
        <DialogFooter className="pt-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={!integration} pending={isSubmitting}>
            Add API Key
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
