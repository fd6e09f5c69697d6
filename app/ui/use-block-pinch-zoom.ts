import { useEffect } from "react";

/** The shell blocks pinch-zoom gestures (spec section 1); the viewport meta disables user zoom. */
export function useBlockPinchZoom() {
  useEffect(() => {
    const preventGesture = (event: Event) => event.preventDefault();
    const preventMultiTouch = (event: TouchEvent) => {
      if (event.touches.length > 1) event.preventDefault();
    };
    document.addEventListener("gesturestart", preventGesture);
    document.addEventListener("touchmove", preventMultiTouch, { passive: false });
    return () => {
      document.removeEventListener("gesturestart", preventGesture);
      document.removeEventListener("touchmove", preventMultiTouch);
    };
  }, []);
}
