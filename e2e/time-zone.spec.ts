import { expect, test } from './fixtures';
import { centralBiobank, type Rec } from './support/data';
import { signedInAs } from './support/ui';

// Issue 31 item 6: the screens where days matter name the institution's zone and start from its today
// (docs/reports.md, docs/indicators.md). The Central Biobank is put in Addis Ababa and back afterwards.

const ZONE = 'Africa/Addis_Ababa';

test("the dashboard and a report's range use the institution's time zone", async ({ page, api, admin, shot }) => {
  const b = await centralBiobank(api, admin);
  const put = async (timeZone: string) => {
    const { body: i } = await api.call<Rec & { concurrencyStamp: string }>('GET', `/institutions/${b.instId}`, b.token);
    const res = await api.call('PUT', `/institutions/${b.instId}`, b.token, {
      title: i.title,
      abbreviation: i.abbreviation,
      address: i.address,
      timeZone,
      concurrencyStamp: i.concurrencyStamp,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return i.timeZone as string;
  };
  const before = await put(ZONE);
  try {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
    await signedInAs(page, admin, 'Central Biobank', '/');
    await expect(page.getByTestId('institution-today')).toHaveText(
      `Today is ${today} in ${ZONE}, the institution's time zone`,
    );
    await shot('dashboard-time-zone');
    await page.goto('/report/test-usage-report');
    await expect(page.getByText(`Dates are whole days in ${ZONE}, the institution's time zone.`)).toBeVisible();
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(today);
    await shot('report-time-zone');
  } finally {
    await put(before);
  }
});
