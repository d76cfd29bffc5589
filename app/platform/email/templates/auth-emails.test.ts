import { describe, expect, test } from "vitest";
import { confirmNewEmailEmail, resetPasswordEmail, verifyEmailEmail } from "./auth-emails";
import { escapeHtml, renderEmail } from "./layout";

const URL_WITH_QUERY = "https://tendly.test/api/auth/verify-email?token=abc.def&callbackURL=%2Fdashboard";

describe("escapeHtml", () => {
  test("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  test("escapes an existing entity again instead of trusting it", () => {
    expect(escapeHtml("&lt;")).toBe("&amp;lt;");
  });
});

describe.each([
  ["verification", verifyEmailEmail, "Confirm your email for Tendly", "Verify my email"],
  ["password reset", resetPasswordEmail, "Reset your Tendly password", "Choose a new password"],
  ["email change", confirmNewEmailEmail, "Confirm your new email for Tendly", "Confirm my new email"],
] as const)("the %s email", (_name, template, subject, label) => {
  test("has its subject and the link in both the HTML and the text part", () => {
    const email = template({ name: "Casey", url: URL_WITH_QUERY });
    expect(email.subject).toBe(subject);
    expect(email.html).toContain(`href="${escapeHtml(URL_WITH_QUERY)}"`);
    expect(email.html).toContain(label);
    expect(email.text).toContain(`${label}: ${URL_WITH_QUERY}`);
    expect(email.text).not.toMatch(/<[a-z]/i);
  });

  test("escapes the person's name in the HTML part", () => {
    const name = `<img src=x onerror="alert(1)">`;
    const email = template({ name, url: URL_WITH_QUERY });
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(email.text).toContain(name);
  });

  test("a link cannot break out of its attribute", () => {
    const url = `https://tendly.test/?a="><script>alert(1)</script>`;
    const email = template({ name: "Casey", url });
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain(`href="https://tendly.test/?a=&quot;&gt;&lt;script&gt;`);
  });
});

describe("renderEmail", () => {
  test("without an action there is no button or link line", () => {
    const email = renderEmail({ subject: "Hi", preheader: "p", heading: "Hello", paragraphs: ["One", "Two"] });
    expect(email.html).not.toContain("<a ");
    expect(email.text).toBe(
      ["Tendly", "", "Hello", "", "One", "", "Two", "", "Tendly - vetted in-home care for the people you love."].join(
        "\n",
      ),
    );
  });
});
