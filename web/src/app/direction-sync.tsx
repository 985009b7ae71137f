import { useEffect } from 'react';
import { useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { directionOf, isLanguage } from '@contract/i18n/languages';

/**
 * Keeps Mantine's direction (drawers, menus, icons that point 'forward') with the screens' language, as
 * web/src/lib/i18n.ts keeps `<html dir>`: DirectionProvider reads the attribute only once, at mount.
 */
export function DirectionSync() {
  const { i18n } = useTranslation();
  const { dir, setDirection } = useDirection();
  const wanted = isLanguage(i18n.language) ? directionOf(i18n.language) : 'ltr';
  useEffect(() => {
    if (dir !== wanted) setDirection(wanted);
  }, [dir, wanted, setDirection]);
  return null;
}
