import { formatMoment, type Language, type MomentText } from '@nimbus/i18n';
import { useRemaining } from '@nimbus/ui/countdown';

/**
 * How the moment `at` (UTC ms) reads now, kept current: its date when a day or more away, else its
 * time and the time left, counting down every second (`formatMoment`). The clock is read by the
 * kit's clock store, never by the render.
 */
export function useMoment(at: number, language: Language): MomentText {
  const remaining = useRemaining(at, 1000);
  return formatMoment(at, at - remaining, language);
}
