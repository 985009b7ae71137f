import { MSG, msgf } from './messages';
import { z } from 'zod';
import { requiredText, typedNumber } from './common.contract';

/**
 * A test's result range and accepted values, edited with the test itself (issue 11: test set-up in one
 * place). PUT tests/{id}/setup replaces both in one transaction; the spec's nested testResultRanges and
 * testAcceptedValues routes stay for other clients.
 */
/** A limit as a number or text that parses completely (typedNumber): '0x10' is refused, not read as 16. */
const limit = (notNumber: string) => typedNumber({ notNumber });

export const TestRangeInput = z
  .object({
    minimumValue: limit(MSG.minimumNotNumber),
    maximumValue: limit(MSG.maximumNotNumber),
  })
  .refine((r) => r.maximumValue >= r.minimumValue, {
    path: ['maximumValue'],
    message: MSG.maxValueBelowMin,
  });

export const ACCEPTED_VALUE_MAX = 200;

export const TestSetupInput = z
  .object({
    /** null: the test has no range (any enabled one is disabled). */
    range: TestRangeInput.nullable().default(null),
    /** Titles; the list is the whole set (left-out values are disabled, a disabled one listed again is enabled). */
    acceptedValues: z.array(requiredText(ACCEPTED_VALUE_MAX)).max(200, MSG.atMostAcceptedValues).default([]),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.acceptedValues.forEach((title, i) => {
      const key = title.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['acceptedValues', i],
          message: msgf('valueListedTwice', { value: title }),
        });
      seen.add(key);
    });
  });
export type TestSetupInput = z.input<typeof TestSetupInput>;
export type TestSetupValues = z.output<typeof TestSetupInput>;

export const TestSetup = z.object({
  range: z.object({ id: z.number(), minimumValue: z.number(), maximumValue: z.number() }).nullable(),
  acceptedValues: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type TestSetup = z.infer<typeof TestSetup>;
