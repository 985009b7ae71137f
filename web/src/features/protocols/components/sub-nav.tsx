import { Group, ScrollArea } from '@mantine/core';
import { NavLink } from 'react-router';
import classes from './sub-nav.module.css';

export interface SubNavLink { label: string; to: string }

/**
 * A row of sub-page links (spec 1 §2: inside a protocol its sub-pages, inside a protocol participant the
 * participant's). A named navigation landmark; the current page is marked for assistive technology by NavLink.
 */
export function SubNav({ label, links }: { label: string; links: SubNavLink[] }) {
  return (
    <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
      <nav aria-label={label}>
        <Group gap={4} wrap="nowrap" className={classes.row}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.link}>{link.label}</NavLink>
          ))}
        </Group>
      </nav>
    </ScrollArea>
  );
}
