import { Button } from '../../components/ui/button.tsx';

// Placeholder until the system configuration feature lands.
export default function SystemConfig({ onBack }: { onBack: () => void }) {
  return (
    <div className="py-8 text-center">
      <p className="text-muted-foreground">System configuration is coming soon.</p>
      <Button variant="outline" className="mt-4" onClick={onBack}>
        Back to Dashboard
      </Button>
    </div>
  );
}
