import { describe, expect, test } from "vitest";
import { adminInviteEmail } from "./admin-invite";
import { escapeHtml } from "./layout";

const URL = "https://tendly.test/admin/invite?token=abc_DEF-123";

describe("the admin invite email", () => {
  test("names the inviter and carries the link in both parts", () => {
    const email = adminInviteEmail({ inviterName: "Avery Admin", url: URL });
    expect(email.subject).toBe("You are invited to administer Tendly");
    expect(email.text).toContain("Avery Admin invited you");
    expect(email.text).toContain(`Accept invitation: ${URL}`);
    expect(email.html).toContain(`href="${escapeHtml(URL)}"`);
    expect(email.text).toContain("72 hours");
  });

  test("escapes the inviter's name in the HTML part", () => {
    const email = adminInviteEmail({ inviterName: "<b>Mallory</b>", url: URL });
    expect(email.html).not.toContain("<b>Mallory");
    expect(email.html).toContain("&lt;b&gt;Mallory&lt;/b&gt;");
  });
});
