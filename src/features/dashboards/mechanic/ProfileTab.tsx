import { Pencil, UserCog } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { WEEKDAYS } from '../../../contract/marketplace.ts';
import type { MechanicProfile } from '../../../contract/mechanic-profiles.ts';
import { CREDENTIAL_MESSAGES, sameCertificate } from '../../../contract/credentials.ts';
import { formatCurrency, titleCase } from '../../../lib/format.ts';
import { formatTime } from '../../marketplace/requests/pilot-views.ts';
import { Details } from '../../../components/ui/details.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/** Spec: 'Mechanic Profile' with Edit Profile, or the prompt to complete it. */
export default function ProfileTab({ profile, onEdit }: { profile: MechanicProfile | null; onEdit: () => void }) {
  if (!profile) {
    return (
      <EmptyState
        Icon={UserCog}
        title="Complete your profile"
        hint="Set up your mechanic profile to start receiving service requests"
      >
        <Button onClick={onEdit}>Create Profile</Button>
      </EmptyState>
    );
  }
  const days = WEEKDAYS.filter((d) => profile.availableWeekdays.includes(d.value))
    .map((d) => d.label)
    .join(', ');
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Mechanic Profile</CardTitle>
        <Button variant="outline" onClick={onEdit}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit Profile
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        {profile.credentialsPending && (
          <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm">
            {CREDENTIAL_MESSAGES.pending}
          </p>
        )}
        {profile.businessName && <p className="text-lg font-semibold">{profile.businessName}</p>}
        <Details
          items={[
            // What counts is what an administrator verified; a change waits for them (docs/decisions/0180).
            [
              'A&P Certificate Number',
              sameCertificate(profile.apNumber, profile.verifiedApNumber)
                ? `${profile.apNumber} (verified)`
                : `${profile.apNumber} (awaiting verification)`,
            ],
            [
              'IA Authorization',
              profile.iaAuthorization ? (profile.verifiedIa ? 'Yes (verified)' : 'Yes (awaiting verification)') : 'No',
            ],
            ['Hourly Rate', formatCurrency(profile.hourlyRate)],
            ['Travel Rate', profile.travelRate === null ? 'Not set' : `${formatCurrency(profile.travelRate)} per mile`],
            ['Service Radius', `${profile.serviceRadius} miles`],
            // The label already names what was typed ("KSJC (San Jose, CA)"): say it once.
            ['Base Location', profile.baseLocationLabel || profile.baseLocation],
            ['Available days', days || 'None'],
            ['Hours', `${formatTime(profile.preferredHours.start)} – ${formatTime(profile.preferredHours.end)}`],
          ]}
        />
        <div>
          <p className="mb-1.5 text-sm text-muted-foreground">Specialties</p>
          {profile.specialties.length === 0 ? (
            <p className="text-sm">None listed</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {profile.specialties.map((s) => (
                <li key={s}>
                  <Badge tone="secondary">{titleCase(s)}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
