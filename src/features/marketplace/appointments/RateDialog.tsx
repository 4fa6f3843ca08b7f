import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { CharacterCount, Label, Textarea } from '../../../components/ui/field.tsx';
import { labelOf } from '../../../contract/options.ts';
import { MARKETPLACE, MARKETPLACE_SERVICE_TYPES } from '../../../contract/marketplace.ts';
import type { Appointment } from '../../../contract/appointments.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { StarRating } from '../../../components/ui/star-rating.tsx';

/** Rate a completed job 1-5 with an optional review; once per job. */
export default function RateDialog({
  appointment,
  onClose,
  onRated,
}: {
  appointment: Appointment | null;
  onClose: () => void;
  onRated: (updated: Appointment) => void;
}) {
  const [rating, setRating] = useState<number | null>(null);
  const [review, setReview] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rate = useWrite(ROUTES.appointmentRate, {
    fallback: 'Failed to submit rating',
    onSuccess: (updated) => {
      toast.success('Thank you for rating the job!');
      onRated(updated);
      close();
    },
    onError: (message) => toast.error(message),
  });
  const busy = rate.pending;

  const close = () => {
    setRating(null);
    setReview('');
    setError(null);
    onClose();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!appointment) return;
    if (rating === null) {
      setError('Choose from 1 to 5 stars');
      return;
    }
    await rate.run({ params: { id: appointment.id }, body: { rating, review } });
  };

  return (
    <Dialog
      open={appointment !== null}
      onOpenChange={(open) => !open && close()}
      title="Rate this job"
      description={
        appointment
          ? `${labelOf(MARKETPLACE_SERVICE_TYPES, appointment.serviceType)} on ${appointment.aircraftTailNumber} by ${appointment.mechanicName}`
          : ''
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <StarRating
          value={rating}
          onChange={(n) => {
            setRating(n);
            setError(null);
          }}
        />
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div>
          <Label htmlFor="rate-review">Review (optional)</Label>
          <Textarea
            id="rate-review"
            rows={3}
            maxLength={MARKETPLACE.text.notes}
            aria-describedby="rate-review-count"
            value={review}
            onChange={(e) => setReview(e.target.value)}
            placeholder="How did it go?"
          />
          <CharacterCount id="rate-review-count" value={review} max={MARKETPLACE.text.notes} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" pending={busy}>
            Submit Rating
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
