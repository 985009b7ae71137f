import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
// The one place that renders Mantine's Modal (eslint refuses it elsewhere): every dialog gets the guard and focus return.
// eslint-disable-next-line no-restricted-imports
import { Button, Modal, type ButtonProps, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { focusedElement, holdFocusInDialog, returnFocus } from '@/lib/focus-return';
import {
  confirmDiscard,
  UnsavedScopeProvider,
  useNewUnsavedScope,
  useScopeMember,
  useUnsavedChangesGuard,
  type UnsavedChangesGuard,
} from '@/lib/unsaved-changes';

export interface DialogProps extends Omit<ModalProps, 'opened' | 'onClose' | 'returnFocus'> {
  /** Shown while true (default): a dialog rendered only while open needs no flag. */
  opened?: boolean;
  /** Closes the dialog; called after the user agreed to discard unsaved input. */
  onClose: () => void;
  /** The dialog holds input the user has not saved: Escape, the close button, a click outside and DialogClose ask first. */
  dirty?: boolean;
  /** A guard made by the caller (`useUnsavedChangesGuard`), when it must `release` before closing after a save. */
  guard?: UnsavedChangesGuard;
  children: ReactNode;
}

const CloseContext = createContext<(() => void) | null>(null);

/**
 * The one dialog shell (issue 28 items 1 and 6). Every way out that the dialog does not choose itself
 * (Escape, the close button, a click outside, a Cancel made with `DialogClose`) goes through the
 * unsaved-changes guard: while the dialog, or anything inside it (an adder row, a guarded form), holds
 * unsaved input, 'Discard unsaved changes?' is asked first. Closing gives focus back to the control that
 * opened the dialog; focus dropped to the page by a control turning busy comes back inside. Inner parts
 * report their own input with `useUnsavedChangesGuard(dirty)`.
 */
export function Dialog({ opened = true, onClose, dirty = false, guard, children, ...modal }: DialogProps) {
  const { t } = useTranslation('common');
  const scope = useNewUnsavedScope();
  const own = useUnsavedChangesGuard(opened && dirty);
  useScopeMember(scope, own.entry);
  useScopeMember(scope, guard?.entry);

  // Read as the dialog opens, before it moves focus inside (derived state, updated during render).
  const [opener, setOpener] = useState<HTMLElement | null>(() => (opened ? focusedElement() : null));
  const [wasOpen, setWasOpen] = useState(opened);
  if (opened !== wasOpen) {
    setWasOpen(opened);
    if (opened) setOpener(focusedElement());
  }
  useEffect(() => {
    if (!opened) return;
    return () => returnFocus(opener);
  }, [opened, opener]);

  const requestClose = () =>
    void confirmDiscard(scope).then((leave) => {
      if (leave) onClose();
    });
  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      returnFocus={false}
      onBlur={holdFocusInDialog}
      transitionProps={{ duration: 0 }}
      closeButtonProps={{ 'aria-label': t('close') }}
      {...modal}
    >
      <UnsavedScopeProvider value={scope}>
        <CloseContext.Provider value={requestClose}>{children}</CloseContext.Provider>
      </UnsavedScopeProvider>
    </Modal>
  );
}

/** The enclosing dialog's close, through the guard (for a Close or Cancel button of its own). */
export function useDialogClose(): () => void {
  const close = useContext(CloseContext);
  if (!close) throw new Error('useDialogClose is used outside a Dialog');
  return close;
}

/** A Close or Cancel button that leaves the enclosing dialog the way Escape does: asking first while it holds input. */
export function DialogClose({ children, ...props }: ButtonProps & { children?: ReactNode }) {
  const close = useDialogClose();
  const { t } = useTranslation('common');
  return (
    <Button variant="default" {...props} onClick={close}>
      {children ?? t('close')}
    </Button>
  );
}
