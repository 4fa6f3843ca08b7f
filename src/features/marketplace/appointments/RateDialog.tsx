import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { CharacterCount, FieldError, Textarea } from '../../../components/ui/field.tsx';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { labelOf } from '../../../contract/options.ts';
import { MARKETPLACE, MARKETPLACE_SERVICE_TYPES } from '../../../contract/marketplace.ts';
import { RatingSchema, type Appointment } from '../../../contract/appointments.ts';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { StarRating } from '../../../components/ui/star-rating.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';

interface Values {
  /** null until a star is chosen: the schema refuses it. */
  rating: number | null;
  review: string;
}

const EMPTY: Values = { rating: null, review: '' };

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
  const {
    control,
    register,
    handleSubmit,
    reset,
    placeErrors,
    watch,
    formState: { errors },
  } = useContractForm<Values>(RatingSchema, EMPTY);
  const rate = useWrite(ROUTES.appointmentRate, {
    fallback: 'Failed to submit rating',
    onSuccess: (updated) => {
      toast.success('Thank you for rating the job!');
      onRated(updated);
      close();
    },
    // A field's problem goes under it; any other refusal is the toast's.
    onError: (message, error) => {
      if (!placeErrors(error)) toast.error(message);
    },
  });
  const busy = rate.pending;

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const send = async (values: Values) => {
    if (!appointment || values.rating === null) return;
    await rate.run({ params: { id: appointment.id }, body: { rating: values.rating, review: values.review } });
  };

  const ratingError = errors.rating?.message;
  const reviewError = errors.review?.message;
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
      <form onSubmit={handleSubmit(send)} className="space-y-4" noValidate>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => <StarRating value={field.value} onChange={field.onChange} />}
        />
        <FieldError id="rate-rating-error" message={ratingError} />
        <FormField id="rate-review" label="Review (optional)" error={reviewError}>
          <Textarea
            id="rate-review"
            rows={3}
            maxLength={MARKETPLACE.text.notes}
            placeholder="How did it go?"
            {...fieldAria('rate-review', reviewError)}
            aria-describedby={['rate-review-count', reviewError ? 'rate-review-error' : ''].filter(Boolean).join(' ')}
            {...register('review')}
          />
          <CharacterCount id="rate-review-count" value={watch('review')} max={MARKETPLACE.text.notes} />
        </FormField>
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
