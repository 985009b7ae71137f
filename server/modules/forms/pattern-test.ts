import vm from 'node:vm';
import type { PatternTest } from '../../../contract/forms.contract';

// A designer's pattern runs on the server against a filler's answer: a pattern that backtracks badly
// must not stall the process. The contract refuses nested repeats when a field is saved; this stops
// whatever slips through (overlapping alternatives such as (a|aa)+) after a time limit.
const LIMIT_MS = 100;
const context = vm.createContext(Object.create(null));
const script = new vm.Script('new RegExp("^(?:" + pattern + ")$", "u").test(value)');

/** Whole-value match with a time limit; null when the check was stopped. */
export const limitedMatch: PatternTest = (pattern, value) => {
  context.pattern = pattern;
  context.value = value;
  try {
    return script.runInContext(context, { timeout: LIMIT_MS }) === true;
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return null;
    return false;
  }
};
