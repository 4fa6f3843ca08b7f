import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { CONNECT_STATUS_LABELS } from '../../contract/payments.ts';
import { ROUTES } from '../../contract/routes/payments.ts';
import { useRoute } from '../../lib/use-query.ts';
import { useWrite } from '../../lib/use-write.ts';
import { leavePage } from '../../lib/history-entries.ts';

/**
 * "Payouts: not set up / pending verification / ready" on the mechanic's Profile, and the button to
 * Stripe's hosted onboarding (back to this tab, where the status is read again).
 */
export default function PayoutsCard() {
  const query = useRoute(ROUTES.paymentsConnect);
  // Once Stripe's page is on its way the button waits until this page is left.
  const [leaving, setLeaving] = useState(false);
  const start = useWrite(ROUTES.paymentsConnectStart, {
    fallback: 'Payouts could not be set up',
    onSuccess: ({ url }) => {
      setLeaving(true);
      leavePage(url);
    },
    onError: (message) => toast.error(message),
  });
  const c = query.data;
  const open = () => void start.run();
  return (
    <Card className="mt-4" data-testid="payouts-card">
      <CardHeader>
        <CardTitle>Payouts</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {query.state.status === 'error' ? (
          <p role="alert">
            The payout status could not be loaded.{' '}
            <button type="button" className="underline" onClick={() => void query.reload()}>
              Try again
            </button>
          </p>
        ) : !c ? (
          <p className="text-muted-foreground" aria-busy="true">
            Loading…
          </p>
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-2">
              Payouts:{' '}
              <Badge tone={c.status === 'ready' ? 'success' : c.status === 'pending' ? 'warning' : 'secondary'}>
                {CONNECT_STATUS_LABELS[c.status]}
              </Badge>
            </p>
            <p className="text-muted-foreground">
              {c.status === 'ready'
                ? 'Owners who accept your quotes pay through Skyward: the parts deposit when they accept, the rest when the job is signed off, paid out to your bank minus the platform fee.'
                : 'Connect a bank account through Stripe so owners can pay you through Skyward. Until then you can still quote; owners pay you directly.'}
            </p>
            {c.status !== 'ready' && (
              <Button onClick={open} pending={start.pending || leaving}>
                {c.status === 'none' ? 'Set up payouts' : 'Continue payout setup'}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
