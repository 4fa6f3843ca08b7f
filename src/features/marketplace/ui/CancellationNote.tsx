import type { Appointment } from '../../../contract/appointments.ts';

const WHO = {
  owner: 'the owner',
  mechanic: 'the mechanic',
  stopped: 'Skyward Mobile Aviation (the mechanic can no longer work through it)',
} as const;

/** On a cancelled appointment, for both parties: who cancelled it and, when the mechanic did, why. */
export function CancellationNote({ appointment }: { appointment: Appointment }) {
  const c = appointment.cancellation;
  if (appointment.status !== 'cancelled' || !c) return null;
  return (
    <p className="mt-2 text-sm" data-cancellation>
      <span className="font-medium">Cancelled by {WHO[c.by]}.</span>
      {c.reason && <> Reason: {c.reason}</>}
    </p>
  );
}
