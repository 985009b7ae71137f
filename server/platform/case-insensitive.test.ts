import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { normalizeKeys } from './case-insensitive';

const Patient = z.object({
  firstName: z.string(),
  genderId: z.number(),
  phones: z.array(z.object({ phoneNumber: z.string() })),
});

describe('normalizeKeys', () => {
  it("renames keys of any case to the schema's spelling, through arrays", () => {
    expect(
      normalizeKeys({ FirstName: 'Almaz', GENDERID: 2, Phones: [{ PhoneNumber: '0911' }], Extra: 1 }, Patient),
    ).toEqual({ firstName: 'Almaz', genderId: 2, phones: [{ phoneNumber: '0911' }], Extra: 1 });
  });

  it('takes the later of a name sent twice in two cases, as JSON.parse takes a repeated name', () => {
    // spec 1 §7: the patient as read (genderId 1) with the form's GenderId added after it.
    expect(normalizeKeys({ firstName: 'Almaz', genderId: 1, GenderId: 2 }, Patient)).toMatchObject({ genderId: 2 });
    expect(normalizeKeys({ GenderId: 2, genderId: 1 }, Patient)).toMatchObject({ genderId: 1 });
  });
});
