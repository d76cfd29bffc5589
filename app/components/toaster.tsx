import { Toaster } from "sonner";

/** The toasts' stack, loaded with sonner on the first toast (see toast.ts). */
export default function AppToaster() {
  return <Toaster visibleToasts={3} duration={4000} gap={14} position="top-right" richColors closeButton />;
}
