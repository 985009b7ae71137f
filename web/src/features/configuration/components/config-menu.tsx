import { useEffect, useRef, useState } from 'react';
import { NavLink, Paper, ScrollArea, Select, Title } from '@mantine/core';
import { NavLink as RouterLink, useNavigate } from 'react-router';
import { CONFIG_MENU, type MenuGroup } from '@contract/configuration-menu';
import { useConfigWords } from './config-words';

const groupOf = (path: string) => CONFIG_MENU.find((g) => g.children.some((c) => c.path === path));
const to = (path: string) => `/configuration/${path}`;

/**
 * spec 1 §2 "Configuration screen": the 'Configurations' menu with its groups in product order.
 * Choosing a group opens it and selects its first child; the route is the selection.
 * Below the md breakpoint the same entries are a grouped, searchable select.
 */
export function ConfigMenu({ current }: { current: string }) {
  const navigate = useNavigate();
  const { t, label } = useConfigWords();
  const navRef = useRef<HTMLElement>(null);
  // A deep link to an entry low in a long group (Advanced) still shows the selection.
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [current]);
  const [open, setOpen] = useState<string | null>(() => groupOf(current)?.label ?? null);
  const [shown, setShown] = useState(current);
  // Follow the route (a link, the back button, the small-screen select) into its group.
  if (shown !== current) {
    setShown(current);
    const g = groupOf(current);
    if (g) setOpen(g.label);
  }

  const choose = (g: MenuGroup) => {
    if (g.children.some((c) => c.path === current)) setOpen(open === g.label ? null : g.label);
    else {
      setOpen(g.label);
      void navigate(to(g.children[0].path));
    }
  };

  return (
    <>
      <Select
        hiddenFrom="md"
        label={t('menu.title')}
        value={groupOf(current) ? current : null}
        searchable
        allowDeselect={false}
        data={CONFIG_MENU.map((g) => ({
          group: label(g.label),
          items: g.children.map((c) => ({ value: c.path, label: label(c.label) })),
        }))}
        onChange={(v) => {
          if (v) void navigate(to(v));
        }}
      />
      <Paper
        visibleFrom="md"
        withBorder
        radius="md"
        p="xs"
        w={260}
        component="nav"
        aria-label={t('menu.title')}
        ref={navRef}
        style={{
          position: 'sticky',
          top: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))',
          flexShrink: 0,
        }}
      >
        <Title order={2} fz="lg" px="sm" py={6}>
          {t('menu.title')}
        </Title>
        <ScrollArea.Autosize
          mah="calc(100vh - var(--app-shell-header-height, 60px) - 100px)"
          type="auto"
          scrollbars="y"
          offsetScrollbars="y"
        >
          {CONFIG_MENU.map((g) => (
            <NavLink
              key={g.label}
              component="button"
              type="button"
              aria-expanded={open === g.label}
              label={label(g.label)}
              opened={open === g.label}
              onChange={() => choose(g)}
              fw={600}
              noWrap
              active={open !== g.label && g.children.some((c) => c.path === current)}
              variant="subtle"
              childrenOffset={12}
            >
              {g.children.map((c) => (
                <NavLink
                  key={c.path}
                  component={RouterLink}
                  to={to(c.path)}
                  label={label(c.label)}
                  active={c.path === current}
                  aria-current={c.path === current ? 'page' : undefined}
                />
              ))}
            </NavLink>
          ))}
        </ScrollArea.Autosize>
      </Paper>
    </>
  );
}
