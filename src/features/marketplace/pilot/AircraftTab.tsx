import { Plane, Plus, Wrench } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import type { Aircraft } from '../../../contract/marketplace.ts';
import { EmptyState } from '../ui/EmptyState.tsx';

/** My Aircraft: each one with a shortcut to request service for it. */
export default function AircraftTab({ aircraft, onAdd, onRequestFor }: { aircraft: Aircraft[]; onAdd: () => void; onRequestFor: (id: string) => void }) {
  return (
    <section aria-labelledby="aircraft-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="aircraft-heading" className="text-xl font-semibold">
          My Aircraft
        </h2>
        <Button onClick={onAdd}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Aircraft
        </Button>
      </div>
      {aircraft.length === 0 ? (
        <EmptyState Icon={Plane} title="No aircraft yet" hint="Add your aircraft once; requesting service for it then takes a few clicks." />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {aircraft.map((a) => (
            <li key={a.id}>
              <Card className="flex h-full flex-col gap-3 p-5">
                <div>
                  <p className="text-lg font-semibold">{a.tailNumber}</p>
                  <p className="text-muted-foreground">
                    {a.year ? `${a.year} ` : ''}
                    {a.make} {a.model}
                  </p>
                  <p className="mt-1 text-sm text-muted-foreground">{a.totalHours === null ? 'Total hours not recorded' : `${a.totalHours.toLocaleString('en-US')} total hours`}</p>
                </div>
                <Button variant="outline" size="sm" className="mt-auto" onClick={() => onRequestFor(a.id)}>
                  <Wrench className="h-4 w-4" aria-hidden="true" />
                  Request service for {a.tailNumber}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
