import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';

const tone = (score: number): BadgeTone => (score >= 70 ? 'success' : score >= 40 ? 'warning' : 'secondary');

/** A lead's 0-100 score, coloured by band (70+ strong, 40+ fair), with the number as text. */
export function LeadScore({ score }: { score: number }) {
  return (
    <Badge tone={tone(score)} title="Lead score (0-100)">
      {score}
    </Badge>
  );
}
