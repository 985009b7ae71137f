import { useEffect, useRef } from 'react';
import { Stepper, type StepperProps } from '@mantine/core';

const FIELD = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled])';
const CONTROL = `${FIELD}, button:not([disabled]), a[href]`;

const shown = (el: Element) => el.getClientRects().length > 0;

/** The first field of the step shown now, else its first control, else the step's content itself. */
function focusStep(root: HTMLElement | null) {
  const content = root?.querySelector<HTMLElement>('.mantine-Stepper-content');
  if (!content) return;
  const first =
    [...content.querySelectorAll<HTMLElement>(FIELD)].find(shown) ??
    [...content.querySelectorAll<HTMLElement>(CONTROL)].find(shown);
  if (first) {
    first.focus();
    return;
  }
  content.tabIndex = -1;
  content.focus();
}

/**
 * The one stepper of the multi-step forms (New Order, Collect Specimen, Create Shipment). When the step
 * changes (Next, Back, a step clicked, Create another) the button pressed is gone with its step, so focus
 * moves to the first field of the step now shown instead of dropping to the page (issue 28 item 6).
 */
export function StepperShell({ active, children, ...props }: StepperProps) {
  const root = useRef<HTMLDivElement>(null);
  const last = useRef(active);
  useEffect(() => {
    if (last.current === active) return;
    last.current = active;
    focusStep(root.current);
  }, [active]);
  return (
    <div ref={root}>
      <Stepper active={active} {...props}>
        {children}
      </Stepper>
    </div>
  );
}
