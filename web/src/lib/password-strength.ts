import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { FormErrors } from '@mantine/form';
import type { PasswordOwner, PasswordVerdict, passwordVerdict } from '@contract/password-strength';
import { translateMessage } from './field-messages';

/*
 * issue 26: the browser gives the server's verdict on a new password while it is typed. The rule
 * (contract/password-strength.ts) needs zxcvbn's dictionaries, some MB: they are loaded by a dynamic
 * import (a chunk of their own) when a new-password field first appears, never in the main bundle.
 */
interface Strength {
  passwordVerdict: typeof passwordVerdict;
}
let loaded: Strength | undefined;
let loading: Promise<Strength> | undefined;

export function loadPasswordStrength(): Promise<Strength> {
  loading ??= import('@contract/password-strength').then((m) => (loaded = m));
  return loading;
}

/** The whole rule's verdict, or undefined while the dictionaries are still loading. */
export const passwordVerdictNow = (password: string, owner: PasswordOwner): PasswordVerdict | undefined =>
  loaded?.passwordVerdict(password, owner);

/** The verdict on a password as it is typed (undefined while empty or loading). */
export function usePasswordVerdict(password: string, owner: PasswordOwner): PasswordVerdict | undefined {
  const [ready, setReady] = useState(() => loaded !== undefined);
  useEffect(() => {
    if (!ready) void loadPasswordStrength().then(() => setReady(true));
  }, [ready]);
  const typed = useDeferredValue(password);
  const { email, current } = owner;
  const inputs = (owner.userInputs ?? []).join('\n');
  return useMemo(
    () => (ready && typed ? passwordVerdictNow(typed, { email, current, userInputs: inputs.split('\n') }) : undefined),
    [ready, typed, email, current, inputs],
  );
}

/**
 * A form's validation plus the strength rule on one field (the contract's schema checks what needs no
 * dictionary; the server checks everything again).
 */
export function withPasswordStrength<T>(
  validate: (values: T) => FormErrors,
  field: keyof T & string,
  owner: (values: T) => PasswordOwner,
) {
  return (values: T): FormErrors => {
    const errors = validate(values);
    if (errors[field]) return errors;
    const problem = passwordVerdictNow(String(values[field] ?? ''), owner(values))?.problem;
    return problem ? { ...errors, [field]: translateMessage(problem) } : errors;
  };
}
