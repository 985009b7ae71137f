import { expect, type Page } from '@playwright/test';
import { unique, type Biobank, type Rec } from './data';

export type ProtocolRec = Rec & { title: string; code: string; concurrencyStamp: string };

const randomCode = () => Math.random().toString(36).slice(2, 4).toUpperCase().padEnd(2, 'X');

/**
 * A collection protocol of the Central Biobank made through the API. Codes are 2 characters and unique per
 * institution while the tests share one database, so a taken code is retried with another.
 */
export async function protocolByApi(b: Biobank, over: Record<string, unknown> = {}): Promise<ProtocolRec> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await b.api.call<ProtocolRec>('POST', `/institutions/${b.instId}/collectionProtocols`, b.token, {
      title: `Study ${unique()}`, abbreviation: 'STD', code: randomCode(), startDate: null, endDate: null, expectedParticipants: 50, ...over,
    });
    if (res.status === 409 && !('code' in over)) continue;
    expect(res.status, `create protocol: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  }
  throw new Error('no free protocol code after 20 attempts');
}

/** Draw a signature-like scribble on the signature pad with the mouse: press, move in steps, release. */
export async function drawSignature(page: Page) {
  const canvas = page.getByRole('img', { name: /Signature pad/ });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (const [x, y] of [[0.2, 0.3], [0.3, 0.7], [0.4, 0.35], [0.5, 0.65], [0.6, 0.3], [0.75, 0.6]] as const) {
    await page.mouse.move(...at(x, y), { steps: 6 });
  }
  await page.mouse.up();
}
