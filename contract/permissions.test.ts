import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { permissionsMarkdown } from './permissions-table';
import { permissionsOf } from './permissions.contract';

describe('permission matrix', () => {
  it('docs/permissions.md shows the matrix the server enforces', () => {
    const doc = fs.readFileSync(new URL('../docs/permissions.md', import.meta.url), 'utf8');
    expect(doc).toContain(permissionsMarkdown());
  });

  it('a Technician enters results but does not release them; a Researcher changes nothing but its own requests', () => {
    expect(permissionsOf(['Technician'])).toContain('results.enter');
    expect(permissionsOf(['Technician'])).not.toContain('results.release');
    const researcher = permissionsOf(['Researcher']);
    // Issue 32 item 5: a researcher asks for samples (its own requests); it reviews and distributes nothing.
    expect(researcher.filter((p) => !p.endsWith('.read') && p !== 'reports.run')).toEqual(['requests.create']);
  });

  it('roles combine', () => {
    expect(permissionsOf(['Technician', 'Clinician'])).toEqual(
      expect.arrayContaining(['results.enter', 'orders.create']),
    );
    expect(permissionsOf(['Unknown role'])).toEqual([]);
  });
});
