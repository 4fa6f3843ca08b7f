import { KeyRound, Pencil, Plus, Power, RefreshCw, RotateCw, Star, Trash2, Zap } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Loading, Spinner } from '../../../components/ui/spinner.tsx';
import {
  type ApiKeyStatus,
  CONFIG_LIMITS,
  INTEGRATION_TYPES,
  INTEGRATION_USES,
  integrationLabel,
  type IntegrationType,
} from '../../../contract/admin-config.ts';
import type { ApiKeyView, RotationPreview } from '../../../contract/admin-api-keys.ts';
import { businessDay } from '../../../contract/business-hours.ts';
import { ROUTES } from '../../../contract/routes/admin.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useRoute } from '../../../lib/use-query.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { AddApiKeyDialog } from './AddApiKeyDialog.tsx';
import { configApi, withDetail } from './config-api.ts';
import { ReplaceKeyDialog } from './ReplaceKeyDialog.tsx';
import { rotationBlocked } from './rotation-state.ts';

type Keys = Record<IntegrationType, ApiKeyView[]>;

const STATUS_TONE: Record<ApiKeyStatus, BadgeTone> = {
  active: 'success',
  inactive: 'secondary',
  expired: 'destructive',
};
const titleOf = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const count = (n: number) => n.toLocaleString('en-US');

/** API Keys (docs/product.md §2): grouped by integration; each key has Rotate, Test and Activate/Deactivate. */
export function ApiKeysTab() {
  const query = useRoute(ROUTES.adminApiKeysAll, undefined, { onError: () => toast.error('Failed to fetch API keys') });
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const all = query.data?.data;
  const byType = useMemo(
    () =>
      all
        ? (Object.fromEntries(
            INTEGRATION_TYPES.map((t) => [t.value, all.filter((k) => k.integration_type === t.value)]),
          ) as Keys)
        : null,
    [all],
  );
  const load = query.reload;
  const state = query.state;
  /** Rotate and Deactivate say what they will do, and wait for a yes. */
  const [confirm, setConfirm] = useState<
    | { kind: 'rotate'; integration: IntegrationType; preview: RotationPreview }
    | { kind: 'deactivate'; key: ApiKeyView }
    | { kind: 'remove'; key: ApiKeyView }
    | null
  >(null);
  const [replacing, setReplacing] = useState<ApiKeyView | null>(null);

  /** Runs one key action, keeping its buttons disabled meanwhile, then refreshes the list. */
  const run = async (id: string, action: () => Promise<void>) => {
    setBusy(id);
    try {
      await action();
    } finally {
      setBusy(null);
      await load();
    }
  };

  const testWrite = useWrite(ROUTES.adminTestIntegration, {
    fallback: 'Integration test failed',
    onError: (_message, error) => toast.error('Integration test failed', withDetail(error)),
  });
  const rotateWrite = useWrite(ROUTES.adminApiKeyRotate, {
    fallback: 'Failed to rotate API keys',
    onSuccess: (result) => toast.success('API keys rotated', { description: result.message }),
    onError: (_message, error) => toast.error('Failed to rotate API keys', withDetail(error)),
  });
  const statusWrite = useWrite(ROUTES.adminApiKeyStatus, {
    fallback: 'Failed to update API key',
    onError: (_message, error, { query }) => toast.error(`Failed to ${query?.status} API key`, withDetail(error)),
  });

  const removeWrite = useWrite(ROUTES.adminApiKeyDelete, {
    fallback: 'Failed to remove API key',
    onSuccess: (result) => toast.success('API key removed', { description: result.message }),
    onError: (_message, error) => toast.error('Failed to remove API key', withDetail(error)),
  });

  /** Removes a key for good, after the question. */
  const remove = (key: ApiKeyView) => {
    setConfirm(null);
    return run(`remove:${key.id}`, async () => {
      await removeWrite.run({ params: { id: key.id } });
    });
  };

  const test = (key: ApiKeyView) =>
    run(`test:${key.id}`, async () => {
      const sent = await testWrite.run({ params: { integration: key.integration_type }, query: { key_id: key.id } });
      if (!sent.ok) return;
      const result = sent.data;
      if (result.success)
        toast.success(`${integrationLabel(key.integration_type)} integration test passed`, {
          description: result.message,
        });
      else
        toast.error(`${integrationLabel(key.integration_type)} integration test failed`, {
          description: result.message,
        });
    });

  /** Asks first, naming the key that would become primary (and the keys left out). */
  const askRotate = (integration: IntegrationType) =>
    run(`rotate:${integration}`, async () => {
      try {
        setConfirm({ kind: 'rotate', integration, preview: await configApi.previewRotation(integration) });
      } catch (error) {
        toast.error('Failed to rotate API keys', withDetail(error));
      }
    });

  const rotate = (integration: IntegrationType) =>
    run(`rotate:${integration}`, async () => {
      setConfirm(null);
      await rotateWrite.run({ params: { integration }, query: { batch_size: CONFIG_LIMITS.rotateBatchSize } });
    });

  const toggle = (key: ApiKeyView, confirmed = false) => {
    const status = key.status === 'inactive' ? 'active' : 'inactive';
    if (status === 'inactive' && !confirmed) return void setConfirm({ kind: 'deactivate', key });
    setConfirm(null);
    return run(`status:${key.id}`, async () => {
      if ((await statusWrite.run({ params: { id: key.id }, query: { status } })).ok) {
        toast.success(status === 'active' ? 'API key activated' : 'API key deactivated', { description: key.key_name });
      }
    });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Keys are used by priority (1 first); the primary key is the one in use.
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => void load()} aria-label="Refresh API keys">
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add API Key
          </Button>
        </div>
      </div>
      {state.status === 'loading' && <Loading label="Loading API keys..." />}
      {state.status === 'error' && <LoadError message="Failed to fetch API keys" onRetry={() => void load()} />}
      {state.status === 'ready' &&
        INTEGRATION_TYPES.map(({ value, label }) => {
          const keys = byType?.[value] ?? [];
          return (
            <Card key={value}>
              <CardHeader className="pb-3">
                <CardTitle className="flex items-center gap-2 text-base">
                  <KeyRound className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
                  {label}
                </CardTitle>
                {keys.some((k) => k.status === 'active') && rotationBlocked(keys) !== null && (
                  <p className="text-xs text-muted-foreground" data-testid="rotate-blocked">
                    Rotate: {rotationBlocked(keys)}
                  </p>
                )}
                {keys.some((k) => k.status === 'active') && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start"
                    onClick={() => void askRotate(value)}
                    // Disabled, with the reason, when no other key can become primary.
                    disabled={busy !== null || rotationBlocked(keys) !== null}
                    aria-label={`Rotate ${label} keys`}
                    title={rotationBlocked(keys) ?? 'Move the primary to the next active key'}
                  >
                    {busy === `rotate:${value}` ? <Spinner /> : <RotateCw className="h-4 w-4" aria-hidden="true" />}
                    Rotate
                  </Button>
                )}
                <CardDescription>
                  {keys.length === 0
                    ? 'No keys yet'
                    : `${keys.length} key${keys.length === 1 ? '' : 's'}, ${keys.filter((k) => k.status === 'active').length} active`}
                </CardDescription>
                <p className="text-sm text-muted-foreground" data-testid="integration-use">
                  <span className="font-medium text-foreground">Used by: </span>
                  {INTEGRATION_USES[value]}
                </p>
              </CardHeader>
              {keys.length > 0 && (
                <CardContent>
                  <ul className="divide-y divide-border rounded-md border border-border">
                    {keys.map((key) => (
                      <KeyRow
                        key={key.id}
                        apiKey={key}
                        busy={busy}
                        onTest={test}
                        onToggle={(k) => void toggle(k)}
                        onReplace={setReplacing}
                        onRemove={(k) => setConfirm({ kind: 'remove', key: k })}
                      />
                    ))}
                  </ul>
                </CardContent>
              )}
            </Card>
          );
        })}
      <AddApiKeyDialog
        open={adding}
        onOpenChange={setAdding}
        keys={all ?? []}
        onAdded={(key) => {
          // The new key shows at once; the list is read again behind it (priorities may have moved).
          query.setData((current) => current && { ...current, data: [...current.data, key] });
          void load();
        }}
      />
      <ConfirmDialog
        open={confirm?.kind === 'rotate'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === 'rotate' ? `Rotate the ${integrationLabel(confirm.integration)} keys?` : ''}
        description={
          confirm?.kind === 'rotate' && (
            <>
              <p>
                {confirm.preview.newPrimary === null
                  ? 'No key can become primary: add a key, or fix one and press Test.'
                  : confirm.preview.canRotate
                    ? `“${confirm.preview.newPrimary}” becomes the primary key${confirm.preview.currentPrimary ? `, in place of “${confirm.preview.currentPrimary}”` : ''}.`
                    : `“${confirm.preview.newPrimary}” is the only key that can be primary: it stays primary.`}
              </p>
              {confirm.preview.skipped.length > 0 && (
                <p className="mt-2">
                  Left out because their last test failed: {confirm.preview.skipped.map((n) => `“${n}”`).join(', ')}.
                </p>
              )}
              {confirm.preview.expiring.length > 0 && (
                <p className="mt-2">Retired as expired: {confirm.preview.expiring.map((n) => `“${n}”`).join(', ')}.</p>
              )}
            </>
          )
        }
        confirmLabel={
          confirm?.kind === 'rotate' && confirm.preview.newPrimary
            ? `Make “${confirm.preview.newPrimary}” primary`
            : 'Rotate'
        }
        // Nothing can become primary: the button says Rotate but cannot be pressed.
        confirmDisabled={confirm?.kind === 'rotate' && !confirm.preview.canRotate}
        onConfirm={() => confirm?.kind === 'rotate' && void rotate(confirm.integration)}
      />
      <ConfirmDialog
        open={confirm?.kind === 'deactivate'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === 'deactivate' ? `Deactivate “${confirm.key.key_name}”?` : ''}
        description={
          confirm?.kind === 'deactivate'
            ? `It will no longer be used for ${integrationLabel(confirm.key.integration_type)}${confirm.key.is_primary ? '; it is the primary key now, so calls move to the next active key, if any' : ''}. You can activate it again later.`
            : ''
        }
        confirmLabel="Deactivate key"
        destructive
        onConfirm={() => confirm?.kind === 'deactivate' && void toggle(confirm.key, true)}
      />
      <ConfirmDialog
        open={confirm?.kind === 'remove'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === 'remove' ? `Remove “${confirm.key.key_name}”?` : ''}
        description={
          confirm?.kind === 'remove'
            ? `The key is deleted and cannot be brought back; ${integrationLabel(confirm.key.integration_type)} ${confirm.key.is_primary ? 'moves to the next active key, if any' : 'keeps its primary key'}. To stop using it for a while, deactivate it instead.`
            : ''
        }
        confirmLabel="Remove key"
        destructive
        onConfirm={() => confirm?.kind === 'remove' && void remove(confirm.key)}
      />
      {replacing && (
        <ReplaceKeyDialog apiKey={replacing} onClose={() => setReplacing(null)} onReplaced={() => void load()} />
      )}
    </div>
  );
}

interface RowProps {
  apiKey: ApiKeyView;
  busy: string | null;
  onTest: (k: ApiKeyView) => void;
  onToggle: (k: ApiKeyView) => void;
  onReplace: (k: ApiKeyView) => void;
  onRemove: (k: ApiKeyView) => void;
}

function KeyRow({ apiKey: k, busy, onTest, onToggle, onReplace, onRemove }: RowProps) {
  const limits = [k.daily_limit && `${count(k.daily_limit)}/day`, k.monthly_limit && `${count(k.monthly_limit)}/month`]
    .filter(Boolean)
    .join(', ');
  const pending = (action: string) => busy === `${action}:${k.id}`;
  const disabled = busy !== null;
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="api-key-row">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{k.key_name}</span>
          {k.is_primary && (
            <Badge tone="info">
              <Star className="mr-1 h-3 w-3" aria-hidden="true" />
              Primary
            </Badge>
          )}
          <Badge tone={STATUS_TONE[k.status]}>{titleOf(k.status)}</Badge>
        </div>
        <p className="wrap-anywhere font-mono text-sm">
          {k.api_key}
          {k.has_secret && <span className="ml-2 font-sans text-xs text-muted-foreground">+ secret</span>}
        </p>
        <p className="text-xs text-muted-foreground">
          Priority {k.priority} · Used {count(k.usage_count)} time{k.usage_count === 1 ? '' : 's'}
          {limits && ` · Limits ${limits}`} · Added {formatDate(k.created_at)}
          {k.last_used_at && ` · Last used ${formatDateTime(k.last_used_at)}`}
          {k.expires_at && ` · Expires ${businessDay(new Date(k.expires_at))}`}
          {k.last_tested_at &&
            ` · Last test ${k.last_test_ok ? 'passed' : 'failed'} ${formatDateTime(k.last_tested_at)}`}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onTest(k)}
          disabled={disabled}
          aria-label={`Test ${k.key_name}`}
        >
          {pending('test') ? <Spinner /> : <Zap className="h-4 w-4" aria-hidden="true" />}
          Test
        </Button>
        <Button
          variant={k.status === 'inactive' ? 'secondary' : 'ghost'}
          size="sm"
          onClick={() => onToggle(k)}
          disabled={disabled}
          aria-label={`${k.status === 'inactive' ? 'Activate' : 'Deactivate'} ${k.key_name}`}
        >
          {pending('status') ? <Spinner /> : <Power className="h-4 w-4" aria-hidden="true" />}
          {k.status === 'inactive' ? 'Activate' : 'Deactivate'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onReplace(k)}
          disabled={disabled}
          aria-label={`Replace ${k.key_name}`}
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Replace
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onRemove(k)}
          disabled={disabled}
          aria-label={`Remove ${k.key_name}`}
        >
          {pending('remove') ? <Spinner /> : <Trash2 className="h-4 w-4" aria-hidden="true" />}
          Remove
        </Button>
      </div>
    </li>
  );
}
