import { useEffect, useRef } from 'react';
import { Group, ScrollArea } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import classes from './sub-nav.module.css';

export interface SubNavLink { label: string; to: string }

/**
 * A row of sub-page links (spec 1 §2: inside a protocol its sub-pages, inside a protocol participant the
 * participant's). A named navigation landmark; NavLink marks the current page for assistive technology.
 * On a phone the row scrolls sideways, and the current page is scrolled into view.
 */
export function SubNav({ label, links }: { label: string; links: SubNavLink[] }) {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    ref.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
      <nav aria-label={label} ref={ref}>
        <Group gap={4} wrap="nowrap" className={classes.row}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.link}>{link.label}</NavLink>
          ))}
        </Group>
      </nav>
    </ScrollArea>
  );
}
