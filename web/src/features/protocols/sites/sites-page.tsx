import { ComingSoon } from '@/components/coming-soon';

export function SitesPage() {
  return <ComingSoon area="Sites" />;
}
