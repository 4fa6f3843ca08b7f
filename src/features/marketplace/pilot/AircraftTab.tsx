import type { Aircraft, ServiceRequest } from '../../../contract/marketplace.ts';
import AircraftMaintenance from '../../maintenance/AircraftMaintenance.tsx';

/** My Aircraft: a card per aircraft with its airworthiness and next due items, and its due list. */
export default function AircraftTab(props: {
  aircraft: Aircraft[];
  /** Open this aircraft's due list (and its Edit aircraft) when it changes. */
  focus?: { id: string } | null;
  onAdd: () => void;
  onRequestFor: (id: string) => void;
  onChanged: () => void;
  onRequested: (request: ServiceRequest) => void;
}) {
  return <AircraftMaintenance {...props} />;
}
