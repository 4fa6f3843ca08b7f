import { TRY_AGAIN_LABEL, UNAVAILABLE_MESSAGE } from '../../lib/unavailable.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/**
 * Inside a form in a dialog: the service is briefly unavailable, what was typed is still here, and a
 * "Try again" button submits the same form. In a modal dialog a toast's action cannot be clicked
 * (the overlay covers it), so the offer lives in the dialog itself.
 */
export function UnavailableAlert({ busy }: { busy: boolean }) {
  return (
    <Alert className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <span className="flex-1">{UNAVAILABLE_MESSAGE}</span>
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        {TRY_AGAIN_LABEL}
      </Button>
    </Alert>
  );
}
