import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/**
 * 'Skip to content': the first thing Tab reaches, hidden until focused. It focuses the element `targetId`
 * itself instead of following '#id', which would add a history entry and change the router's location.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(targetId)?.focus();
  };
  return (
    <a href={`#${targetId}`} className={classes.skip} onClick={skip}>
      {t('skipToContent')}
    </a>
  );
}
