import type { Aircraft, ServiceRequest } from '../../../contract/marketplace.ts';
import AircraftMaintenance from '../../maintenance/AircraftMaintenance.tsx';

/** My Aircraft: a card per aircraft with its airworthiness and next due items, and its due list. */
export default function AircraftTab(props: {
  aircraft: Aircraft[];
  onAdd: () => void;
  onRequestFor: (id: string) => void;
  onChanged: () => void;
  onRequested: (request: ServiceRequest) => void;
}) {
  return <AircraftMaintenance {...props} />;
}
