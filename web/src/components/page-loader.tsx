import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Centered spinner while a page chunk or the session loads; a named status, so a screen reader says what loads. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Center py={80} role="status" aria-busy="true" aria-label={label ?? t('loading')}>
      <Loader type="dots" />
    </Center>
  );
}
