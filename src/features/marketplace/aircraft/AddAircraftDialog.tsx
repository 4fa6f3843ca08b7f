import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { type Aircraft, type AircraftData, type AircraftInput, AircraftSchema } from '../../../contract/marketplace.ts';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { NumberField, TextField } from '../../../components/ui/form-bits.tsx';
import { Label, NativeSelect } from '../../../components/ui/field.tsx';
import { AIRCRAFT_USAGES } from '../../../contract/maintenance.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';

const EMPTY: AircraftInput = {
  tailNumber: '',
  make: '',
  model: '',
  year: '',
  totalHours: '',
  usage: 'private',
  homeAirport: '',
};

/** 'Add New Aircraft' (docs/product.md §5: tail number, make, model required; year and hours numbers or null). */
export default function AddAircraftDialog({
  open,
  onOpenChange,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (a: Aircraft) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useContractForm(AircraftSchema, EMPTY, { parsed: true });

  const add = useWrite(ROUTES.aircraftAdd, {
    fallback: 'Failed to add aircraft',
    onSuccess: (added) => {
      toast.success('Aircraft added successfully!');
      reset(EMPTY);
      onAdded(added);
      onOpenChange(false);
    },
    // Only a duplicate tail number (409) is the server's to explain; anything else, the fallback.
    onError: (_message, err) =>
      toast.error(err instanceof ApiError && err.status === 409 && err.detail ? err.detail : 'Failed to add aircraft'),
  });
  const onSubmit = async (values: AircraftData) => {
    await add.run({ body: values });
  };

  const f = { prefix: 'aircraft', register, errors } as const;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add New Aircraft"
      description="Add an aircraft to request service for it in a few clicks."
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-busy={isSubmitting}>
        <TextField
          {...f}
          name="tailNumber"
          label="Tail Number *"
          placeholder="N12345"
          required
          autoCapitalize="characters"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...f} name="make" label="Make *" placeholder="Cessna" required />
          <TextField {...f} name="model" label="Model *" placeholder="172S Skyhawk" required />
          <NumberField {...f} name="year" label="Year" min={1903} step={1} />
          <NumberField {...f} name="totalHours" label="Total Hours" min={0} step={0.1} />
          <TextField
            {...f}
            name="homeAirport"
            label="Home Airport"
            placeholder="KPAO"
            hint="Where mechanics come to; needed to request service from the due list"
          />
          <div>
            <Label htmlFor="aircraft-usage">Usage</Label>
            <NativeSelect id="aircraft-usage" options={AIRCRAFT_USAGES} {...register('usage')} />
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" pending={isSubmitting}>
            Add Aircraft
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
