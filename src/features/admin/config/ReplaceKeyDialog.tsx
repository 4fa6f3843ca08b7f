import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/form-bits.tsx';
import { apiKeyReplaceFor, type ApiKeyView } from '../../../contract/admin-api-keys.ts';
import { CONFIG_LIMITS, INTEGRATION_KEY_HINTS, integrationLabel } from '../../../contract/admin-config.ts';
import { ROUTES } from '../../../contract/routes/admin.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';

interface Values {
  api_key: string;
  api_secret: string;
}

/**
 * Replaces a key in place: a rotated secret or token, without losing the
 * key's priority, limits or primary role. The secret left empty is kept. Validated with the
 * function's own schema for this integration (Google Analytics: a measurement ID).
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
  const {
    register,
    handleSubmit,
    placeErrors,
    formState: { errors },
  } = useContractForm<Values>(apiKeyReplaceFor(apiKey.integration_type), { api_key: '', api_secret: '' });
  const write = useWrite(ROUTES.adminApiKeyReplace, {
    fallback: 'Failed to replace the key',
    onSuccess: () => {
      toast.success('API key replaced', { description: `${apiKey.key_name}: press Test to check the new key.` });
      onReplaced();
      onClose();
    },
    onError: (_message, error) => placeErrors(error),
  });
  // A field's problem is under it; the alert keeps the rest (a refusal of the whole key).
  const error = errors.api_key || errors.api_secret ? null : write.error;
  const hints = INTEGRATION_KEY_HINTS[apiKey.integration_type];
  const analytics = apiKey.integration_type === 'google_analytics';
  const f = { prefix: 'replace', register, errors } as const;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Replace “${apiKey.key_name}”`}
      description={`${integrationLabel(apiKey.integration_type)}: the new key takes this one's place (priority, limits and primary stay). The old key is forgotten.`}
    >
      <form
        onSubmit={handleSubmit(async (body) => void (await write.run({ params: { id: apiKey.id }, body })))}
        noValidate
        className="space-y-4"
      >
        {error && <Alert>{error}</Alert>}
        <TextField
          {...f}
          name="api_key"
          id="replace-api-key"
          label={analytics ? 'New measurement ID *' : 'New API key *'}
          hint={hints.apiKey}
          type={analytics ? 'text' : 'password'}
          {...(analytics ? { placeholder: 'G-XXXXXXX', spellCheck: false } : {})}
          autoComplete="off"
          maxLength={CONFIG_LIMITS.secret}
        />
        {hints.apiSecret !== 'Not used' && (
          <TextField
            {...f}
            name="api_secret"
            id="replace-api-secret"
            label="New API secret"
            hint={apiKey.has_secret ? 'Leave empty to keep the saved secret.' : hints.apiSecret}
            type="password"
            autoComplete="off"
            maxLength={CONFIG_LIMITS.secret}
          />
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
