import { useMemo, useState } from 'react';
import type { OrderDetail, OrderedTestDetail } from '@contract/orders.contract';
import { i18next } from '@/lib/i18n';
import { checkValue, resultKind } from './result-values';

interface Draft {
  value: string;
  stamp: string;
}

/**
 * The results typed but not saved yet (spec 1 §4: changed = differs from the value first loaded). Each
 * draft keeps the stamp of the result it was typed over, so a save after someone else's answers 409.
 * When the order reloads, a draft whose result was saved or changed meanwhile is dropped.
 */
export function useResultDrafts(detail: OrderDetail | undefined) {
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [touched, setTouched] = useState<Set<number>>(new Set());
  const [seen, setSeen] = useState(detail);
  const tests = useMemo(
    () => new Map((detail?.orderedPanels ?? []).flatMap((p) => p.orderedTests).map((t) => [t.testResult.id, t])),
    [detail],
  );

  if (detail !== seen) {
    setSeen(detail);
    setDrafts((prev) =>
      Object.fromEntries(
        Object.entries(prev).filter(([id, d]) => {
          const t = tests.get(Number(id));
          return (
            t &&
            !t.testResultRelease.isReleased &&
            t.testResult.concurrencyStamp === d.stamp &&
            d.value !== (t.testResult.result ?? '')
          );
        }),
      ),
    );
  }

  const valueOf = (t: OrderedTestDetail) => drafts[t.testResult.id]?.value ?? t.testResult.result ?? '';
  const errorOf = (t: OrderedTestDetail): string | null => {
    const value = valueOf(t);
    if (resultKind(t) === 'accepted')
      return touched.has(t.testResult.id) && !value ? i18next.t('requiredSelect', { ns: 'messages' }) : null; // spec 1 §5
    return checkValue(t, value).error;
  };
  const set = (t: OrderedTestDetail, value: string) =>
    setDrafts((prev) => {
      const { [t.testResult.id]: _old, ...rest } = prev;
      if (value === (t.testResult.result ?? '')) return rest;
      return { ...rest, [t.testResult.id]: { value, stamp: t.testResult.concurrencyStamp } };
    });
  const touch = (t: OrderedTestDetail) => setTouched((prev) => new Set(prev).add(t.testResult.id));

  const changes: { resultId: number; result: string | null; concurrencyStamp: string }[] = Object.entries(drafts).map(
    ([id, d]) => ({ resultId: Number(id), result: d.value.trim() || null, concurrencyStamp: d.stamp }),
  );
  const changedTests = changes.map((c) => tests.get(c.resultId)).filter((t): t is OrderedTestDetail => !!t);
  const invalid = changedTests.filter((t) => {
    if (resultKind(t) === 'accepted' && !valueOf(t)) return true;
    return !!checkValue(t, valueOf(t)).error;
  });
  return {
    valueOf,
    errorOf,
    set,
    touch,
    changes,
    invalid,
    isChanged: (t: OrderedTestDetail) => t.testResult.id in drafts,
    /** Show every problem at once before a save is refused. */
    touchAll: () => setTouched(new Set(changedTests.map((t) => t.testResult.id))),
  };
}
export type ResultDrafts = ReturnType<typeof useResultDrafts>;
