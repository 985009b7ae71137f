import { ComingSoon } from '@/components/coming-soon';

export function ConsentsPage() {
  return <ComingSoon area="Consents" />;
}
