import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import type { AogAvailability } from '../../contract/aog.ts';
import { ROUTES } from '../../contract/routes.ts';
import { call } from '../../lib/api-client.ts';
import { useWrite } from '../../lib/use-write.ts';

/**
 * "Available for AOG calls" on the mechanic's Profile: on, an aircraft on ground nearby reaches
 * them at once by email and text at any hour (no digest, no quiet hours); off, by the bell and the
 * usual gathered email, never at night.
 */
export default function AogAvailabilityCard() {
  const [state, setState] = useState<AogAvailability | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call(ROUTES.aogAvailability)
      .then(setState)
      .catch(() => setError('Could not load your AOG setting.'));
  }, []);
  const save = useWrite(ROUTES.aogAvailabilitySave, {
    fallback: 'Could not save your AOG setting. Please try again.',
    // The same sentence whatever the server said: the box simply stays as it was.
    reason: (_error, fallback) => fallback,
    onSuccess: setState,
    onError: setError,
  });
  const change = (available: boolean) => {
    setError(null);
    void save.run({ body: { available } });
  };
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Aircraft on ground calls</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={state?.available ?? false}
            disabled={!state}
            onChange={(e) => change(e.target.checked)}
          />
          Available for AOG calls
        </label>
        <p className="text-sm text-muted-foreground">
          When an owner is stuck at an airport in your area, you get an email and a text right away, at any hour,
          skipping the digest and quiet hours. Off: the bell and the usual email, never between 21:00 and 07:00.
        </p>
        {state && state.available && !state.hasPhone && (
          <Alert tone="info">Add a phone number to your account to get the texts.</Alert>
        )}
        {error && <Alert>{error}</Alert>}
      </CardContent>
    </Card>
  );
}
