import { expect } from '@playwright/test';
import { secondInstitution, type Biobank, type Rec } from './data';

/**
 * The other end of a shipment, through the API: a new institution that `account` joins with `roles`, and one site
 * of it (a shipment names the receiving site).
 */
export async function receivingInstitution(
  b: Biobank,
  account: { id: number },
  roles: string[],
  site: { title: string; address: string },
) {
  const name = await secondInstitution(b, account, roles);
  const { body: institutions } = await b.api.call<Rec[]>('GET', '/institutions?PageSize=1000', b.token);
  const id = institutions.find((i) => i.title === name)!.id;
  const created = await b.api.call<Rec>('POST', `/institutions/${id}/institutionSites`, b.token, {
    title: site.title,
    abbreviation: null,
    address: site.address,
  });
  expect(created.status, `create site: ${JSON.stringify(created.body)}`).toBe(201);
  return { name, id, site: created.body };
}
