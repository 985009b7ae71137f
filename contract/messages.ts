// spec 1 §5 / §8 and spec 2 §5: every user-facing validation text, written once.
export const MSG = {
  required: '*required',
  requiredSelect: '*Required',
  code2: 'Code must be 2 characters or less',
  code4: 'Code must be 4 characters or less',
  badLogin: 'Incorrect username or password.',
  internal: 'Internal server error.',
  invalidIp: 'Invalid IP address',
} as const;
