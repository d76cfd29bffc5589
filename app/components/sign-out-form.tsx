import { Form } from "react-router";
import { keepCaregiverDayOf } from "~/client/caregiver-day";
import { useDetectedAppMode } from "./use-app-mode";

/**
 * A Sign Out form posting to /logout. It tells the server what this browser
 * detects (mobile, standalone, narrow or a phone) so that the user lands on
 * the login page of that mode (docs/product-rules.md, "Areas, roles and redirects"); the stored override still wins on
 * the server, and without JavaScript the server decides from the request.
 */
export function SignOutForm({ className, children }: { className?: string; children: React.ReactNode }) {
  const mode = useDetectedAppMode();
  return (
    <Form
      method="post"
      action="/logout"
      className={className}
      // The caregiver's day kept for use with no signal leaves the phone with the person.
      onSubmit={() => void keepCaregiverDayOf(null)}
    >
      {mode && <input type="hidden" name="mode" value={mode} />}
      {children}
    </Form>
  );
}
