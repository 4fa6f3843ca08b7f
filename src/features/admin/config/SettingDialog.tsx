import { useEffect } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { Checkbox, Input, NativeSelect, Textarea } from '../../../components/ui/field.tsx';
import {
  CONFIG_LIMITS,
  ENCRYPTED_PLACEHOLDER,
  SETTING_CATEGORIES,
  SETTING_DATA_TYPES,
  type SettingCategory,
} from '../../../contract/admin-config.ts';
import { SettingFormSchema, type SettingView } from '../../../contract/admin-settings.ts';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { withDetail } from './config-api.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { ROUTES } from '../../../contract/routes/admin.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';

interface Values {
  category: string;
  setting_key: string;
  setting_value: string;
  data_type: string;
  description: string;
  is_encrypted: boolean;
}

function valuesOf(setting: SettingView | null, category: SettingCategory): Values {
  return setting
    ? {
        category: setting.category,
        setting_key: setting.setting_key,
        setting_value: setting.setting_value,
        data_type: setting.data_type,
        description: setting.description ?? '',
        is_encrypted: setting.is_encrypted,
      }
    : { category, setting_key: '', setting_value: '', data_type: 'string', description: '', is_encrypted: false };
}

/**
 * 'Add/Update Setting' (docs/product.md §2 and §5): key and value required; category, data type,
 * description and is_encrypted also sent. The value is checked against its data type here, with
 * the rule the server applies. An encrypted value shows as [ENCRYPTED]: left so, the secret is kept.
 */
export function SettingDialog({
  open,
  onOpenChange,
  setting,
  defaultCategory,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  setting: SettingView | null;
  defaultCategory: SettingCategory;
  onSaved: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm<Values>(SettingFormSchema, valuesOf(setting, defaultCategory));
  useEffect(() => {
    if (open) reset(valuesOf(setting, defaultCategory));
  }, [open, setting, defaultCategory, reset]);
  const dataType = watch('data_type');
  const encrypted = watch('is_encrypted');

  const save = useWrite(ROUTES.adminSettingSave, {
    fallback: 'Failed to update setting',
    onError: (_message, error) => toast.error('Failed to update setting', withDetail(error)),
  });
  const onSubmit = async (values: Values) => {
    const form = new FormData();
    form.append('category', values.category);
    form.append('setting_key', values.setting_key.trim());
    form.append('setting_value', values.setting_value);
    form.append('data_type', values.data_type);
    form.append('description', values.description.trim());
    form.append('is_encrypted', String(values.is_encrypted));
    if (
      !(
        await save.run({
          params: { category: values.category as SettingCategory, key: values.setting_key.trim() },
          body: form,
        })
      ).ok
    )
      return;
    toast.success('Setting updated successfully');
    onOpenChange(false);
    onSaved();
  };

  const editing = setting !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add/Update Setting"
      description={editing ? `Editing ${setting.setting_key}` : 'A new setting, or an existing key to overwrite.'}
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-busy={isSubmitting}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="setting-category" label="Category" error={errors.category?.message}>
            <NativeSelect
              id="setting-category"
              options={SETTING_CATEGORIES}
              disabled={editing}
              {...register('category')}
            />
          </FormField>
          <FormField id="setting-data_type" label="Data Type" error={errors.data_type?.message}>
            <NativeSelect
              id="setting-data_type"
              options={SETTING_DATA_TYPES}
              {...fieldAria('setting-data_type', errors.data_type?.message)}
              {...register('data_type')}
            />
          </FormField>
        </div>
        <FormField
          id="setting-setting_key"
          label="Setting Key *"
          error={errors.setting_key?.message}
          hint="Lowercase letters, digits and _ . -, e.g. notification_email"
        >
          <Input
            id="setting-setting_key"
            required
            readOnly={editing}
            maxLength={CONFIG_LIMITS.settingKey}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            {...fieldAria('setting-setting_key', errors.setting_key?.message, true)}
            {...register('setting_key')}
          />
        </FormField>
        <FormField
          id="setting-setting_value"
          label="Value *"
          error={errors.setting_value?.message}
          hint={
            encrypted && editing && setting.is_encrypted
              ? `Leave ${ENCRYPTED_PLACEHOLDER} to keep the stored secret`
              : dataType === 'boolean'
                ? 'true or false'
                : dataType === 'json'
                  ? 'Valid JSON'
                  : ''
          }
        >
          {dataType === 'json' ? (
            <Textarea
              id="setting-setting_value"
              rows={4}
              className="font-mono text-sm"
              spellCheck={false}
              required
              {...fieldAria('setting-setting_value', errors.setting_value?.message, true)}
              {...register('setting_value')}
            />
          ) : (
            <Input
              id="setting-setting_value"
              required
              type={encrypted ? 'password' : 'text'}
              autoComplete="off"
              inputMode={dataType === 'number' ? 'decimal' : undefined}
              {...fieldAria('setting-setting_value', errors.setting_value?.message, true)}
              {...register('setting_value')}
            />
          )}
        </FormField>
        <FormField id="setting-description" label="Description" error={errors.description?.message}>
          <Input id="setting-description" maxLength={CONFIG_LIMITS.description} {...register('description')} />
        </FormField>
        <Checkbox
          id="setting-is_encrypted"
          label="Encrypt this value (secrets such as API keys)"
          {...register('is_encrypted')}
        />
        <DialogFooter className="pt-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" pending={isSubmitting}>
            Save Setting
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
