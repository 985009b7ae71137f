import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../components/no-access';
import { usePermissionCheck } from '../lib/session-context';
import { accessFor } from './route-access';

/** Renders the routed screen, or the no-access screen when ROUTE_ACCESS says the current membership may not use it. */
export function RouteGuard() {
  const { pathname } = useLocation();
  const can = usePermissionCheck();
  const { t } = useTranslation('common');
  const rule = accessFor(pathname);
  if (rule && !can(rule.permission))
    return <NoAccess key={rule.path} what={t(`access.${rule.what}`)} permission={rule.permission} />;
  return <Outlet />;
}

/** Whether a link to `to` leads somewhere the current membership may use (navigation entries and actions). */
export function useCanOpen(): (to: string) => boolean {
  const can = usePermissionCheck();
  return (to) => {
    const rule = accessFor(to);
    return !rule || can(rule.permission);
  };
}
