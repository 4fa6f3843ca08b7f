import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ROUTES } from '../../contract/routes/aog.ts';
import { useRoute } from '../../lib/use-query.ts';
import { useWrite } from '../../lib/use-write.ts';

/**
 * "Available for AOG calls" on the mechanic's Profile: on, an aircraft on ground nearby reaches
 * them at once by email and text at any hour (no digest, no quiet hours); off, by the bell and the
 * usual gathered email, never at night.
 */
export default function AogAvailabilityCard() {
  // The same cached read as the AOG tab's, so a change here is what that tab says at once.
  const availability = useRoute(ROUTES.aogAvailability);
  const state = availability.data ?? null;
  const [error, setError] = useState<string | null>(null);
  // The box shows the choice while it is saved; a refusal puts it back as the server has it.
  const [choice, setChoice] = useState<boolean | null>(null);
  const save = useWrite(ROUTES.aogAvailabilitySave, {
    fallback: 'Could not save your AOG setting. Please try again.',
    // The same sentence whatever the server said: the box simply stays as it was.
    reason: (_error, fallback) => fallback,
    onSuccess: (saved) => {
      availability.setData(saved);
      setChoice(null);
    },
    onError: (message) => {
      setError(message);
      setChoice(null);
    },
  });
  const change = (available: boolean) => {
    setError(null);
    setChoice(available);
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
            checked={choice ?? state?.available ?? false}
            disabled={!state || save.pending}
            aria-busy={save.pending}
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
        {availability.state.status === 'error' && <Alert>Could not load your AOG setting.</Alert>}
        {error && <Alert>{error}</Alert>}
      </CardContent>
    </Card>
  );
}
