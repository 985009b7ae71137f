import { Center, Loader } from '@mantine/core';

/** Centered spinner while a page chunk or the session loads; a named status, so a screen reader says what loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py={80} role="status" aria-busy="true" aria-label={label}>
      <Loader type="dots" />
    </Center>
  );
}
