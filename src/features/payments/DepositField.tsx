import { useEffect } from 'react';
import { Input } from '../../components/ui/field.tsx';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';
import { ROUTES } from '../../contract/routes/payments.ts';
import { useRoute } from '../../lib/use-query.ts';

/**
 * The parts deposit a quote asks for (whole percent of the approved parts lines), pre-filled with
 * the console's default; charged when the owner saves a card, sent to the mechanic when the job
 * starts (docs/decisions/0230). Only meaningful once the mechanic's payouts are ready.
 */
export function DepositField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  const connect = useRoute(ROUTES.paymentsConnect);
  const fallback = connect.data?.defaultDepositPercent;
  useEffect(() => {
    if (value === null && fallback !== undefined) onChange(String(fallback));
  }, [value, fallback, onChange]);
  const ready = connect.data?.status === 'ready';
  return (
    <FormField
      id="quote-deposit"
      label="Parts deposit (%)"
      error={error}
      hint={
        ready
          ? 'Share of the approved parts lines charged when the owner saves a card; sent to you when the job starts.'
          : 'Charged only when your payouts are ready (Profile). Until then the owner pays you outside Skyward.'
      }
    >
      <Input
        id="quote-deposit"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        {...fieldAria('quote-deposit', error, true)}
      />
    </FormField>
  );
}
