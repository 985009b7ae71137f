import { useEffect, useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Institution } from '@contract/institutions.contract';
import { ApiError } from '../lib/api-client';
import { InstitutionContext, type CurrentInstitution } from '../lib/session-context';
import { institutionStore } from '../lib/session-storage';
import { PageLoader } from '../components/page-loader';
import { InstitutionPicker } from '../features/institutions/components/institution-picker';
import { Invitations } from '../features/accounts/components/invitations';
import { useInstitution } from '../features/institutions/api/institutions';
import { queryKeys } from '../lib/query-keys';
import { AppLayout } from './app-layout';

/**
 * spec 1 §4: no institution stored shows the picker; a stored one is fetched (a 404 forgets it);
 * once chosen, the navigation and routed pages appear, scoped to it.
 */
export function InstitutionGate() {
  const [id, setId] = useState(institutionStore.get);
  const query = useInstitution(id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const gone = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);

  useEffect(() => {
    if (gone) institutionStore.clear();
  }, [gone]);

  const current = useMemo<CurrentInstitution | null>(
    () =>
      query.data && id !== null && !gone
        ? {
            institution: query.data,
            clear: () => {
              institutionStore.clear();
              setId(null);
              void navigate('/');
            },
          }
        : null,
    [query.data, id, gone, navigate],
  );

  // Picking keeps the address the user came for (a deep link); from the chip it is Home.
  const pick = (institution: Institution) => {
    queryClient.setQueryData(queryKeys.institutions.one(institution.id), institution);
    institutionStore.set(institution.id);
    setId(institution.id);
  };

  // Pending invitations to other institutions (docs/accounts.md) show above the picker and above every screen.
  let content;
  if (id === null || gone) {
    content = (
      <>
        <Invitations />
        <InstitutionPicker onPick={pick} notice={gone ? t('institution.gone') : undefined} />
      </>
    );
  } else if (query.isError) {
    content = (
      <>
        <Invitations />
        <InstitutionPicker onPick={pick} notice={t('institution.loadFailed', { reason: query.error.message })} />
      </>
    );
  } else if (!current) {
    content = <PageLoader label={t('institution.loading')} />;
  } else {
    content = (
      <>
        <Invitations inApp />
        <Outlet />
      </>
    );
  }
  return (
    <InstitutionContext.Provider value={current}>
      <AppLayout current={current} institutionId={id}>
        {content}
      </AppLayout>
    </InstitutionContext.Provider>
  );
}
