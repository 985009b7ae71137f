import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, type Role } from '../../../contract/permissions.contract';
import { accessFor, ROUTE_ACCESS } from './route-access';

/** Whether an account holding only `role` may open `path`, by the same rule the route guard applies. */
const opens = (role: Role, path: string) => {
  const rule = accessFor(path);
  return !rule || ROLE_PERMISSIONS[role].includes(rule.permission);
};

describe('ROUTE_ACCESS', () => {
  it('names only permissions of the matrix, each path once', () => {
    for (const rule of ROUTE_ACCESS) expect(PERMISSIONS).toContain(rule.permission);
    expect(new Set(ROUTE_ACCESS.map((r) => r.path)).size).toBe(ROUTE_ACCESS.length);
  });

  it('picks the most specific rule: a literal over :id, a longer path over its parent', () => {
    expect(accessFor('/patients')?.permission).toBe('participants.read');
    expect(accessFor('/patients/new')?.permission).toBe('participants.manage');
    expect(accessFor('/patients/42')?.permission).toBe('participants.manage');
    expect(accessFor('/patients/abc')?.permission, ':id is a number only').toBe('participants.read');
    expect(accessFor('/orders/new')?.permission).toBe('orders.create');
    expect(accessFor('/orders/test-result')?.permission).toBe('orders.read');
    expect(accessFor('/setting/audit-log')?.permission).toBe('audit.read');
    expect(accessFor('/configuration/gender')?.permission).toBe('configuration.read');
  });

  it('matches as the router does: any case, trailing slash, query and hash ignored', () => {
    expect(accessFor('/Accounts/')?.permission).toBe('accounts.read');
    expect(accessFor('/orders/new?patientId=3#x')?.permission).toBe('orders.create');
    expect(accessFor('/PATIENTS/NEW')?.permission).toBe('participants.manage');
  });

  it('leaves open what every signed-in account may use', () => {
    for (const path of [
      '/',
      '/home',
      '/setting',
      '/setting/institution',
      '/setting/inistitution',
      '/about',
      '/accountsx',
    ]) {
      expect(accessFor(path), path).toBeNull();
    }
  });

  it('gives each role the screens its matrix row allows', () => {
    expect(
      ['/accounts', '/patients/new', '/patients/7', '/orders/new', '/report', '/setting/audit-log'].filter((p) =>
        opens('Technician', p),
      ),
    ).toEqual([]);
    expect(
      ['/orders', '/orders/test-result', '/patients', '/configuration', '/barcode-generator', '/setting/printer'].every(
        (p) => opens('Technician', p),
      ),
    ).toBe(true);
    expect(
      opens('Clinician', '/patients/new') && opens('Clinician', '/orders/new') && !opens('Clinician', '/accounts'),
    ).toBe(true);
    expect(
      opens('Researcher', '/report') &&
        !opens('Researcher', '/setting/printer') &&
        !opens('Researcher', '/patients/new'),
    ).toBe(true);
    expect(opens('Site Administrator', '/accounts') && opens('Site Administrator', '/setting/audit-log')).toBe(true);
    for (const rule of ROUTE_ACCESS) expect(opens('Administrator', rule.path), rule.path).toBe(true);
  });
});
