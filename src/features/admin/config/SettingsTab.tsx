import { Lock, Pencil, Plus, RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { ENCRYPTED_PLACEHOLDER, SETTING_CATEGORIES, type SettingCategory } from '../../../contract/admin-config.ts';
import type { SettingView } from '../../../contract/admin-settings.ts';
import { ROUTES } from '../../../contract/routes/admin.ts';
import { formatDate } from '../../../lib/format.ts';
import { useRoute } from '../../../lib/use-query.ts';
import { CATALOG_LIST, catalogEntry } from '../../../contract/settings-catalog.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { SettingDialog } from './SettingDialog.tsx';
import { CatalogSettingCard } from './settings/CatalogSettingCard.tsx';

type Settings = Record<SettingCategory, SettingView[]>;

/**
 * Settings (docs/product.md §2): the settings the product reads, each with its label, control,
 * unit and what it affects (docs/decisions/0190-settings-catalog.md); below them, any other stored
 * setting, editable in the Add/Update Setting dialog.
 */
export function SettingsTab() {
  const query = useRoute(ROUTES.adminSettingsAll, undefined, {
    onError: () => toast.error('Failed to fetch system settings'),
  });
  const { state, reload: load } = query;
  const all = query.data?.data;
  const byCategory = useMemo(
    () =>
      all
        ? (Object.fromEntries(
            SETTING_CATEGORIES.map((c) => [
              c.value,
              all.filter((s) => s.category === c.value && !catalogEntry(s.category, s.setting_key)),
            ]),
          ) as Settings)
        : null,
    [all],
  );
  const [dialog, setDialog] = useState<{ open: boolean; setting: SettingView | null; category: SettingCategory }>({
    open: false,
    setting: null,
    category: 'general',
  });

  const open = (category: SettingCategory, setting: SettingView | null) => setDialog({ open: true, setting, category });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Each setting says what it changes; values are checked when saved.
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => void load()} aria-label="Refresh settings">
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button size="sm" onClick={() => open('general', null)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Setting
          </Button>
        </div>
      </div>
      {state.status === 'loading' && <Loading label="Loading settings..." />}
      {state.status === 'error' && <LoadError message="Failed to fetch system settings" onRetry={() => void load()} />}
      {state.status === 'ready' &&
        SETTING_CATEGORIES.map(({ value, label }) => {
          const known = CATALOG_LIST.filter((c) => c.category === value);
          const settings = byCategory?.[value] ?? [];
          return (
            <Card key={value}>
              <CardHeader className="flex-row items-center justify-between gap-2 pb-3">
                <CardTitle className="text-base">{label}</CardTitle>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => open(value, null)}
                  aria-label={`Add a ${label} setting`}
                >
                  <Plus className="h-4 w-4" aria-hidden="true" />
                  Add
                </Button>
              </CardHeader>
              <CardContent className="space-y-3">
                {known.length > 0 && (
                  <ul className="divide-y divide-border rounded-md border border-border">
                    {known.map((c) => (
                      <CatalogSettingCard
                        key={c.key}
                        setting={c}
                        stored={all?.find((s) => s.category === c.category && s.setting_key === c.key)}
                        onSaved={() => void load()}
                      />
                    ))}
                  </ul>
                )}
                {settings.length === 0 ? (
                  known.length === 0 && (
                    <p className="text-sm text-muted-foreground">No {label.toLowerCase()} settings yet.</p>
                  )
                ) : (
                  <ul className="divide-y divide-border rounded-md border border-border">
                    {settings.map((s) => (
                      <li
                        key={s.setting_key}
                        className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                        data-testid="setting-row"
                      >
                        <div className="min-w-0 space-y-1">
                          <div className="flex flex-wrap items-center gap-2">
                            <span className="font-mono text-sm font-semibold">{s.setting_key}</span>
                            <Badge tone="secondary">{s.data_type}</Badge>
                          </div>
                          <p className="wrap-anywhere font-mono text-sm">
                            {s.is_encrypted ? (
                              <span className="inline-flex items-center gap-1 text-muted-foreground">
                                <Lock className="h-3.5 w-3.5" aria-hidden="true" />
                                {ENCRYPTED_PLACEHOLDER}
                              </span>
                            ) : (
                              s.setting_value
                            )}
                          </p>
                          <p className="text-xs text-muted-foreground">
                            {s.description ? `${s.description} · ` : ''}Updated {formatDate(s.updated_at)}
                          </p>
                        </div>
                        <Button
                          variant="outline"
                          size="sm"
                          className="shrink-0 self-start sm:self-center"
                          onClick={() => open(value, s)}
                          aria-label={`Edit ${s.setting_key}`}
                        >
                          <Pencil className="h-4 w-4" aria-hidden="true" />
                          Edit
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          );
        })}
      <SettingDialog
        open={dialog.open}
        onOpenChange={(o) => setDialog((d) => ({ ...d, open: o }))}
        setting={dialog.setting}
        defaultCategory={dialog.category}
        onSaved={() => void load()}
      />
    </div>
  );
}
