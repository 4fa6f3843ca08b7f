import { useEffect, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/field.tsx';
import { fieldAria, FormField } from '../../../../components/ui/form-field.tsx';
import { TextField } from '../../../../components/ui/form-bits.tsx';
import type { SettingView } from '../../../../contract/admin-settings.ts';
import {
  BusinessHoursSchema,
  catalogDraftText,
  catalogFormSchema,
  catalogValue,
  parseCatalogValue,
  type CatalogDraft,
  type CatalogSetting,
} from '../../../../contract/settings-catalog.ts';
import { describeHours, type BusinessHours, type Weekday } from '../../../../contract/business-hours.ts';
import { formatDate } from '../../../../lib/format.ts';
import { withDetail } from '../config-api.ts';
import { useContractForm } from '../../../../lib/use-contract-form.ts';
import { useWrite } from '../../../../lib/use-write.ts';
import { ROUTES } from '../../../../contract/routes/admin.ts';
import { Switch } from './Switch.tsx';
import { WeekGrid } from './WeekGrid.tsx';

function draftOf(setting: CatalogSetting, stored: SettingView | undefined): CatalogDraft {
  const value = catalogValue(setting, stored?.setting_value ?? null);
  if (setting.kind === 'number') return String(value);
  if (setting.kind === 'email') return (value as string | null) ?? '';
  return value as boolean | BusinessHours;
}

function weekErrors(draft: BusinessHours): Partial<Record<Weekday, string>> {
  const parsed = BusinessHoursSchema.safeParse(draft);
  const out: Partial<Record<Weekday, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) out[issue.path[0] as Weekday] ??= issue.message;
  return out;
}

type Values = { setting_value: CatalogDraft };

/** One setting the product reads: its label, its control, its unit and bounds, what it affects. */
export function CatalogSettingCard({
  setting,
  stored,
  onSaved,
}: {
  setting: CatalogSetting;
  stored: SettingView | undefined;
  onSaved: () => void;
}) {
  const schema = useMemo(() => catalogFormSchema(setting), [setting]);
  const { control, register, handleSubmit, reset, setValue, watch, placeErrors, formState } = useContractForm<Values>(
    schema,
    { setting_value: draftOf(setting, stored) },
  );
  const put = useWrite(ROUTES.adminSettingSave, {
    fallback: `Failed to save ${setting.label.toLowerCase()}`,
    onError: (_message, e) => {
      if (!placeErrors(e)) toast.error(`Failed to save ${setting.label.toLowerCase()}`, withDetail(e));
    },
  });
  const saving = put.pending;
  const storedValue = stored?.setting_value;
  useEffect(() => reset({ setting_value: draftOf(setting, stored) }), [setting, stored, storedValue, reset]);
  const id = `setting-${setting.key}`;
  const draft = watch('setting_value');
  const error = formState.errors.setting_value?.message;
  const days = setting.kind === 'week' ? weekErrors(draft as BusinessHours) : {};
  const changed = catalogDraftText(draft) !== catalogDraftText(draftOf(setting, stored));

  const save = async ({ setting_value }: Values) => {
    const checked = parseCatalogValue(setting, catalogDraftText(setting_value));
    if (!checked.ok) return;
    const form = new FormData();
    form.append('setting_key', setting.key);
    form.append('setting_value', checked.value);
    form.append('data_type', checked.dataType);
    if (!(await put.run({ params: { category: setting.category, key: setting.key }, body: form })).ok) return;
    toast.success(`${setting.label} saved`);
    onSaved();
  };
  const submit = handleSubmit(save);

  return (
    <li className="space-y-3 p-4" data-testid="catalog-setting" data-key={setting.key}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-semibold" id={`${id}-title`}>
          {setting.label}
        </h4>
        <span className="font-mono text-xs text-muted-foreground">{setting.key}</span>
      </div>
      <p className="text-sm text-muted-foreground" id={`${id}-affects`}>
        <span className="font-medium text-foreground">Affects: </span>
        {setting.affects}
      </p>
      {setting.kind === 'boolean' && (
        // A switch saves at once: there is nothing else to type.
        <Switch
          id={id}
          checked={draft as boolean}
          disabled={saving}
          label={setting.onLabel}
          onChange={(on) => {
            setValue('setting_value', on);
            void submit();
          }}
        />
      )}
      {setting.kind !== 'boolean' && (
        <form noValidate className="space-y-3" onSubmit={submit}>
          {setting.kind === 'number' && (
            <FormField
              id={id}
              label={`${setting.label} (${setting.unit})`}
              error={error}
              hint={`A whole number from ${setting.min} to ${setting.max} ${setting.unit}`}
            >
              <div className="flex items-center gap-2">
                <span className="w-28">
                  <Input
                    id={id}
                    type="number"
                    inputMode="numeric"
                    min={setting.min}
                    max={setting.max}
                    step={1}
                    {...fieldAria(id, error, true)}
                    {...register('setting_value')}
                  />
                </span>
                <span className="text-sm text-muted-foreground">{setting.unit}</span>
              </div>
            </FormField>
          )}
          {setting.kind === 'email' && (
            <TextField<Values>
              prefix={id}
              id={id}
              name="setting_value"
              label={setting.label}
              register={register}
              errors={formState.errors}
              type="email"
              autoComplete="off"
              placeholder={setting.placeholder}
            />
          )}
          {setting.kind === 'week' && (
            <div className="space-y-2">
              <Controller
                control={control}
                name="setting_value"
                render={({ field }) => (
                  <WeekGrid
                    idPrefix={id}
                    value={field.value as BusinessHours}
                    onChange={field.onChange}
                    dayErrors={days}
                  />
                )}
              />
              <p className="text-xs text-muted-foreground">
                Visitors read: {describeHours(draft as BusinessHours).join(' · ')}
              </p>
              {error && Object.keys(days).length === 0 && (
                <p role="alert" className="text-xs text-destructive">
                  {error}
                </p>
              )}
            </div>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="sm" disabled={!changed || Object.keys(days).length > 0} pending={saving}>
              Save {setting.label.toLowerCase()}
            </Button>
            {stored && <span className="text-xs text-muted-foreground">Updated {formatDate(stored.updated_at)}</span>}
            {!stored && <span className="text-xs text-muted-foreground">Not set: the default applies</span>}
          </div>
        </form>
      )}
    </li>
  );
}
