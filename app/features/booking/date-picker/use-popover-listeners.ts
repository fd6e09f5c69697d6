import { useEffect, type MutableRefObject, type RefObject } from "react";
import type { PopoverEvent } from "~/features/booking/date-picker/view";

/**
 * While the popover is open, what happens in the document (a press, a scroll, focus moving) is
 * told to `onEvent` (a ref, so the listeners always see the latest state); when nothing inside
 * took focus, the dialog itself gets it.
 */
export function usePopoverListeners(
  open: boolean,
  refs: { root: RefObject<HTMLDivElement>; dialog: RefObject<HTMLDivElement>; openedAt: MutableRefObject<number> },
  onEvent: MutableRefObject<(event: PopoverEvent) => void>,
) {
  const { root, dialog, openedAt } = refs;
  useEffect(() => {
    if (!open) return;
    const isIn = (element: HTMLElement | null, target: EventTarget | null) =>
      target instanceof Node && Boolean(element?.contains(target));
    const onPointerDown = (event: PointerEvent) =>
      onEvent.current({ type: "pointer-down", inside: isIn(root.current, event.target) });
    const onScroll = (event: Event) =>
      onEvent.current({
        type: "scroll",
        inside: isIn(dialog.current, event.target),
        msSinceOpen: performance.now() - openedAt.current,
      });
    const onFocusIn = (event: FocusEvent) =>
      onEvent.current({ type: "focus-in", inside: isIn(root.current, event.target) });
    document.addEventListener("pointerdown", onPointerDown, true);
    document.addEventListener("scroll", onScroll, true);
    document.addEventListener("focusin", onFocusIn);
    // Nothing focusable got focus (e.g. today is disabled and nothing is chosen): focus the dialog itself.
    const frame = requestAnimationFrame(() => {
      if (dialog.current && !dialog.current.contains(document.activeElement))
        dialog.current.focus({ preventScroll: true });
    });
    return () => {
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("scroll", onScroll, true);
      document.removeEventListener("focusin", onFocusIn);
      cancelAnimationFrame(frame);
    };
  }, [open, root, dialog, openedAt, onEvent]);
}
