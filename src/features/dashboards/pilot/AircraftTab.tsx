import type { Aircraft } from '../../../contract/marketplace.ts';
import type { ServiceRequest } from '../../../contract/service-requests.ts';
import { lazy } from 'react';
import AircraftMaintenance from '../../maintenance/AircraftMaintenance.tsx';

// Loaded when opened: the logbook is its own chunk (pdf and records code).
const LogbookDialog = lazy(() => import('../../records/LogbookDialog.tsx'));

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
  return <AircraftMaintenance {...props} logbookDialog={LogbookDialog} />;
}
