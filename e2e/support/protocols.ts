import { expect } from '@playwright/test';
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
