import { BadgeCheck } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { BUSINESS } from '../../../contract/business.ts';
import { MARKETPLACE, MARKETPLACE_SERVICE_TYPES } from '../../../contract/marketplace.ts';
import { labelOf } from '../../../contract/options.ts';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { formatCurrency, formatDate, formatDay } from '../../../lib/format.ts';
import { useRoute } from '../../../lib/use-query.ts';
import { Details } from '../../../components/ui/details.tsx';
import { Stars } from '../../../components/ui/star-rating.tsx';

/**
 * A mechanic as the owner they quoted sees them (docs/decisions/0150-mechanic-profile-for-owners.md):
 * what the mechanic states (business, base, radius, specialties, rate, IA), what the platform
 * counted (rating, completed jobs, reviews), and the FAA airmen file's single match, worded as
 * exactly what was matched.
 */
export default function MechanicProfileDialog({
  mechanic,
  onClose,
}: {
  mechanic: { id: string; name: string };
  onClose: () => void;
}) {
  const query = useRoute(ROUTES.mechanicPublicProfile, { params: { id: mechanic.id } });
  const p = query.data;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={mechanic.name}
      description="Mechanic profile"
      className="sm:max-w-lg"
    >
      {query.state.status === 'loading' && <Loading label="Loading the profile..." />}
      {query.state.status === 'error' && (
        <Alert>
          Could not load this profile.{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void query.reload()}>
            Try again
          </Button>
        </Alert>
      )}
      {p && (
        <div className="space-y-4">
          {p.businessName && <p className="font-medium">{p.businessName}</p>}
          <p className="flex flex-wrap items-center gap-2 text-sm">
            {p.ratingCount > 0 ? (
              <>
                <Stars value={p.rating} /> {p.rating.toFixed(1)} from {p.ratingCount}{' '}
                {p.ratingCount === 1 ? 'rating' : 'ratings'}
              </>
            ) : (
              MARKETPLACE.newMechanicLabel
            )}
            <span aria-hidden="true">·</span> {p.completedJobs} completed {p.completedJobs === 1 ? 'job' : 'jobs'}
          </p>
          {p.faaAirmen ? (
            <p className="flex items-start gap-2 rounded-md border border-accent/30 bg-info-muted px-3 py-2 text-sm">
              <BadgeCheck className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
              <span>
                <Badge tone="info">FAA</Badge> {p.faaAirmen}. The file holds names, states and ratings, not certificate
                numbers.
              </span>
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Not matched to a single person in the FAA airmen file.</p>
          )}
          <Details
            items={[
              ['Based at', p.baseLocationLabel],
              ['Travels', `up to ${p.serviceRadius} mi`],
              ['Hourly rate', formatCurrency(p.hourlyRate)],
              ['Inspection authorization', p.iaAuthorization ? 'Yes (can sign annuals)' : 'No'],
              p.specialties.length > 0
                ? ['Specialties', p.specialties.map((s) => labelOf(MARKETPLACE_SERVICE_TYPES, s)).join(', ')]
                : null,
              [`On ${BUSINESS.shortName} since`, formatDay(p.memberSince)],
            ]}
          />
          <section aria-labelledby="mechanic-reviews-heading">
            <h3 id="mechanic-reviews-heading" className="mb-2 font-semibold">
              Reviews
            </h3>
            {p.reviews.length === 0 ? (
              <p className="text-sm text-muted-foreground">No written reviews yet.</p>
            ) : (
              <ul className="space-y-3">
                {p.reviews.map((r) => (
                  <li key={`${r.createdAt}-${r.reviewer}`} className="rounded-md border border-border p-3 text-sm">
                    <p className="flex flex-wrap items-center gap-2">
                      <Stars value={r.rating} /> <span className="font-medium">{r.reviewer}</span>
                      <span className="text-muted-foreground">{formatDate(r.createdAt)}</span>
                    </p>
                    <p className="mt-1 whitespace-pre-line">&ldquo;{r.review}&rdquo;</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
