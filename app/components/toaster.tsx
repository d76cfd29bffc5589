import { Toaster } from "sonner";
import { HEADER_BOTTOM_PROPERTY } from "./use-header-edge";

// Below the header, wherever it is on screen (use-header-edge.ts), never over its avatar or the drawer's close
// button; 4rem is the header's own height, for a page without it.
const TOASTS_TOP = `calc(var(${HEADER_BOTTOM_PROPERTY}, 4rem) + 0.75rem)`;

/** The toasts' stack, loaded with sonner on the first toast (see toast.ts). */
export default function AppToaster() {
  return (
    <Toaster
      visibleToasts={3}
      duration={4000}
      gap={14}
      position="top-right"
      offset={{ top: TOASTS_TOP }}
      mobileOffset={{ top: TOASTS_TOP }}
      richColors
      closeButton
    />
  );
}
