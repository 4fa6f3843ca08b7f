import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input, Label } from '../../../components/ui/field.tsx';
import { apiKeyReplaceFor, type ApiKeyView } from '../../../contract/admin-api-keys.ts';
import { CONFIG_LIMITS, INTEGRATION_KEY_HINTS, integrationLabel } from '../../../contract/admin-config.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { useWrite } from '../../../lib/use-write.ts';

/**
 * Replaces a key in place (issue 28, point 3): a rotated secret or token, without losing the
 * key's priority, limits or primary role. The secret left empty is kept. Validated with the
 * function's own schema.
 */
export function ReplaceKeyDialog({
  apiKey,
  onClose,
  onReplaced,
}: {
  apiKey: ApiKeyView;
  onClose: () => void;
  onReplaced: () => void;
}) {
  const [value, setValue] = useState('');
  const [secret, setSecret] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const write = useWrite(ROUTES.adminApiKeyReplace, {
    fallback: 'Failed to replace the key',
    onSuccess: () => {
      toast.success('API key replaced', { description: `${apiKey.key_name}: press Test to check the new key.` });
      onReplaced();
      onClose();
    },
  });
  const error = invalid ?? write.error;
  const hints = INTEGRATION_KEY_HINTS[apiKey.integration_type];
  const analytics = apiKey.integration_type === 'google_analytics';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The function's own rule for this integration (Google Analytics: a measurement ID).
    const parsed = apiKeyReplaceFor(apiKey.integration_type).safeParse({ api_key: value, api_secret: secret });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Check the key');
    setInvalid(null);
    await write.run({ params: { id: apiKey.id }, body: { api_key: value, api_secret: secret } });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Replace “${apiKey.key_name}”`}
      description={`${integrationLabel(apiKey.integration_type)}: the new key takes this one's place (priority, limits and primary stay). The old key is forgotten.`}
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {error && <Alert>{error}</Alert>}
        <div className="space-y-1">
          <Label htmlFor="replace-api-key">{analytics ? 'New measurement ID *' : 'New API key *'}</Label>
          <Input
            id="replace-api-key"
            type={analytics ? 'text' : 'password'}
            {...(analytics ? { placeholder: 'G-XXXXXXX', spellCheck: false } : {})}
            autoComplete="off"
            value={value}
            maxLength={CONFIG_LIMITS.secret}
            onChange={(e) => setValue(e.target.value)}
          />
          <p className="text-xs text-muted-foreground">{hints.apiKey}</p>
        </div>
        {hints.apiSecret !== 'Not used' && (
          <div className="space-y-1">
            <Label htmlFor="replace-api-secret">New API secret</Label>
            <Input
              id="replace-api-secret"
              type="password"
              autoComplete="off"
              value={secret}
              maxLength={CONFIG_LIMITS.secret}
              onChange={(e) => setSecret(e.target.value)}
            />
            <p className="text-xs text-muted-foreground">
              {apiKey.has_secret ? 'Leave empty to keep the saved secret.' : hints.apiSecret}
            </p>
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={write.pending}>
            {write.pending ? 'Replacing...' : 'Replace key'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
