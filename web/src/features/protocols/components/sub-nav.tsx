import { Group } from '@mantine/core';
import { NavLink } from 'react-router';
import classes from './sub-nav.module.css';

export interface SubNavLink {
  label: string;
  to: string;
}

/**
 * A row of sub-page links (spec 1 §2: inside a protocol its sub-pages, inside a protocol participant the
 * participant's). A named navigation landmark; NavLink marks the current page for assistive technology.
 * On a narrow screen the links wrap onto more lines: every tab stays in view, none hides behind a
 * sideways scroll (issue 28 item 4).
 */
export function SubNav({ label, links }: { label: string; links: SubNavLink[] }) {
  return (
    <nav aria-label={label}>
      <Group gap={4} wrap="wrap" className={classes.row}>
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} className={classes.link}>
            {link.label}
          </NavLink>
        ))}
      </Group>
    </nav>
  );
}
