import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/field.tsx';
import { fieldAria, FormField } from '../../../../components/ui/form-field.tsx';
import type { SettingView } from '../../../../contract/admin-settings.ts';
import {
  BusinessHoursSchema,
  catalogValue,
  describeHours,
  parseCatalogValue,
  type BusinessHours,
  type CatalogSetting,
  type Weekday,
} from '../../../../contract/settings-catalog.ts';
import { formatDate } from '../../../../lib/format.ts';
import { withDetail } from '../config-api.ts';
import { useWrite } from '../../../../lib/use-write.ts';
import { ROUTES } from '../../../../contract/routes/admin.ts';
import { Switch } from './Switch.tsx';
import { WeekGrid } from './WeekGrid.tsx';

type Draft = boolean | string | BusinessHours;

function draftOf(setting: CatalogSetting, stored: SettingView | undefined): Draft {
  const value = catalogValue(setting, stored?.setting_value ?? null);
  if (setting.kind === 'number') return String(value);
  if (setting.kind === 'email') return (value as string | null) ?? '';
  return value as boolean | BusinessHours;
}

const asText = (draft: Draft) => (typeof draft === 'object' ? JSON.stringify(draft) : String(draft));

function weekErrors(draft: BusinessHours): Partial<Record<Weekday, string>> {
  const parsed = BusinessHoursSchema.safeParse(draft);
  const out: Partial<Record<Weekday, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) out[issue.path[0] as Weekday] ??= issue.message;
  return out;
}

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
  const [draft, setDraft] = useState<Draft>(() => draftOf(setting, stored));
  const [error, setError] = useState<string | undefined>();
  const put = useWrite(ROUTES.adminSettingSave, {
    fallback: `Failed to save ${setting.label.toLowerCase()}`,
    onError: (_message, e) => toast.error(`Failed to save ${setting.label.toLowerCase()}`, withDetail(e)),
  });
  const saving = put.pending;
  const storedValue = stored?.setting_value;
  useEffect(() => setDraft(draftOf(setting, stored)), [setting, stored, storedValue]);
  const id = `setting-${setting.key}`;
  const days = setting.kind === 'week' ? weekErrors(draft as BusinessHours) : {};
  const changed = asText(draft) !== asText(draftOf(setting, stored));

  const save = async (value: Draft) => {
    const checked = parseCatalogValue(setting, asText(value));
    if (!checked.ok) return setError(checked.message);
    setError(undefined);
    const form = new FormData();
    form.append('setting_key', setting.key);
    form.append('setting_value', checked.value);
    form.append('data_type', checked.dataType);
    if (!(await put.run({ params: { category: setting.category, key: setting.key }, body: form })).ok) return;
    toast.success(`${setting.label} saved`);
    onSaved();
  };

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
            setDraft(on);
            void save(on);
          }}
        />
      )}
      {setting.kind !== 'boolean' && (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save(draft);
          }}
        >
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
                    value={draft as string}
                    onChange={(e) => setDraft(e.target.value)}
                    {...fieldAria(id, error, true)}
                  />
                </span>
                <span className="text-sm text-muted-foreground">{setting.unit}</span>
              </div>
            </FormField>
          )}
          {setting.kind === 'email' && (
            <FormField id={id} label={setting.label} error={error}>
              <Input
                id={id}
                type="email"
                autoComplete="off"
                placeholder={setting.placeholder}
                value={draft as string}
                onChange={(e) => setDraft(e.target.value)}
                {...fieldAria(id, error)}
              />
            </FormField>
          )}
          {setting.kind === 'week' && (
            <div className="space-y-2">
              <WeekGrid idPrefix={id} value={draft as BusinessHours} onChange={setDraft} dayErrors={days} />
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
