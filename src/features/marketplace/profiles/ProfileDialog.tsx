import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { Checkbox, Input } from '../../../components/ui/field.tsx';
import { MARKETPLACE, MARKETPLACE_SERVICE_TYPES, WEEKDAYS } from '../../../contract/marketplace.ts';
import {
  type MechanicProfile,
  type MechanicProfileData,
  type MechanicProfileInput,
  MechanicProfileSchema,
} from '../../../contract/mechanic-profiles.ts';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import type { SessionUser } from '../../../lib/session.ts';
import { MoneyField, NumberField, TextField } from '../../../components/ui/form-bits.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';

type FormValues = MechanicProfileInput;

function defaults(profile: MechanicProfile | null, user: SessionUser): FormValues {
  if (profile) {
    return {
      apNumber: profile.apNumber,
      iaAuthorization: profile.iaAuthorization,
      hourlyRate: String(profile.hourlyRate),
      travelRate: profile.travelRate === null ? '' : String(profile.travelRate),
      serviceRadius: String(profile.serviceRadius),
      baseLocation: profile.baseLocation,
      businessName: profile.businessName ?? '',
      specialties: profile.specialties,
      availableWeekdays: profile.availableWeekdays.map(String),
      preferredHours: profile.preferredHours,
    };
  }
  // A new profile starts from what the mechanic gave at sign-up.
  return {
    apNumber: user.certificationNumber ?? '',
    iaAuthorization: false,
    hourlyRate: user.hourlyRate === null || user.hourlyRate === undefined ? '' : String(user.hourlyRate),
    travelRate: '',
    serviceRadius: String(user.serviceRadius ?? MARKETPLACE.serviceRadius),
    baseLocation: user.location ?? '',
    businessName: '',
    specialties: [],
    availableWeekdays: MARKETPLACE.availableWeekdays.map(String),
    preferredHours: { ...MARKETPLACE.preferredHours },
  };
}

/** 'Mechanic Profile Setup': create or edit the profile; the base location must be a known place. */
export default function ProfileDialog({
  open,
  onOpenChange,
  profile,
  user,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: MechanicProfile | null;
  user: SessionUser;
  onSaved: (p: MechanicProfile) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useContractForm(MechanicProfileSchema, defaults(profile, user), { parsed: true });

  const save = useWrite(ROUTES.mechanicProfileSave, {
    fallback: profile ? 'Failed to update profile' : 'Failed to create profile',
    onSuccess: (saved) => {
      toast.success(profile ? 'Mechanic profile updated successfully!' : 'Mechanic profile created successfully!');
      onSaved(saved);
      onOpenChange(false);
    },
    onError: (_message, err) => {
      if (err instanceof ApiError && err.status === 400 && err.detail?.startsWith('We could not find'))
        setError('baseLocation', { message: err.detail });
      toast.error(profile ? 'Failed to update profile' : 'Failed to create profile');
    },
  });
  const onSubmit = async (values: MechanicProfileData) => {
    await save.run({ body: values });
  };

  const f = { prefix: 'profile', register, errors } as const;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Mechanic Profile Setup"
      description="Complete your professional profile to start receiving service requests"
      className="max-w-2xl"
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-busy={isSubmitting}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...f} name="apNumber" label="A&P Certificate Number *" required />
          <TextField {...f} name="businessName" label="Business Name" />
          <MoneyField {...f} name="hourlyRate" label="Hourly Rate ($) *" required />
          <MoneyField {...f} name="travelRate" label="Travel Rate ($ per mile)" />
          <NumberField {...f} name="serviceRadius" label="Service Radius (miles) *" min={1} step={1} required />
          <TextField
            {...f}
            name="baseLocation"
            label="Base Location *"
            placeholder="KSJC or San Jose, CA"
            required
            hint="An airport identifier or a US city as “City, ST”."
          />
        </div>
        <Checkbox
          id="profile-iaAuthorization"
          label="IA Authorization (Inspection Authorization)"
          {...register('iaAuthorization')}
        />

        <fieldset>
          <legend className="mb-2 text-sm font-medium">Specialties</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {MARKETPLACE_SERVICE_TYPES.map((s) => (
              <Checkbox
                key={s.value}
                id={`profile-specialty-${s.value}`}
                label={s.label}
                value={s.value}
                {...register('specialties')}
              />
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend className="mb-2 text-sm font-medium">Available days</legend>
          <div className="flex flex-wrap gap-3">
            {WEEKDAYS.map((d) => (
              <Checkbox
                key={d.value}
                id={`profile-day-${d.value}`}
                label={d.label}
                value={String(d.value)}
                {...register('availableWeekdays')}
              />
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-2 gap-4">
          <FormField id="profile-hours-start" label="Day starts" error={errors.preferredHours?.start?.message}>
            <Input
              id="profile-hours-start"
              type="time"
              {...fieldAria('profile-hours-start', errors.preferredHours?.start?.message)}
              {...register('preferredHours.start')}
            />
          </FormField>
          <FormField
            id="profile-hours-end"
            label="Day ends"
            error={errors.preferredHours?.end?.message ?? errors.preferredHours?.message}
          >
            <Input
              id="profile-hours-end"
              type="time"
              {...fieldAria('profile-hours-end', errors.preferredHours?.end?.message)}
              {...register('preferredHours.end')}
            />
          </FormField>
        </div>

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" pending={isSubmitting}>
            Save Profile
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
