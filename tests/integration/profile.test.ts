import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { getAuth } from "~/platform/auth/auth.server";
import { getCurrentUser } from "~/platform/auth/session.server";
import { auditEvents, caregiverProfiles, clientProfiles, userProfiles } from "~/platform/db/schema";
import { createCaregiver, createClient, createUser } from "~/platform/db/seed/factories.server";
import { saveCaregiverAvatar } from "~/features/caregivers/avatar.server";
import enAccount from "~/i18n/locales/en/account";
import { action as caregiverProfileAction, loader as caregiverProfileLoader } from "~/routes/caregiver/profile";
import { action as clientProfileAction, loader as clientProfileLoader } from "~/routes/client/profile";
import { loader as avatarLoader } from "~/routes/media/avatar";
import type { ProfileActionData, ProfilePageData } from "~/components/account/profile-types";
import { appRequest, formRequest, once, settle, signInCookie } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { deliveredOutbox } from "./emails";

/** What an English reader is told when a photo is refused. */
const AVATAR_ERRORS_EN = enAccount.profile.photo.errors;

const setup = useAuthTestSetup();

const PASSWORD = "Profile-Pass-1";
type ActionResult = { data: ProfileActionData; init: ResponseInit | null };

function args(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: undefined as never } as never;
}

async function postProfile(area: "client" | "caregiver", fields: Record<string, string | Blob>, cookie?: string) {
  const run = area === "client" ? clientProfileAction : caregiverProfileAction;
  const url = area === "client" ? "/dashboard/profile" : "/caregiver/profile";
  return (await settle(run(args(formRequest(url, fields, cookie))))) as ActionResult | Response;
}

async function loadProfile(area: "client" | "caregiver", cookie?: string) {
  const run = area === "client" ? clientProfileLoader : caregiverProfileLoader;
  const url = area === "client" ? "/dashboard/profile" : "/caregiver/profile";
  return (await settle(run(args(appRequest(url, { cookie }))))) as ProfilePageData | Response;
}

async function signedInClient() {
  const user = await createClient(setup.db, { firstName: "Robin", lastName: "Hale", password: PASSWORD });
  return { user, cookie: await signInCookie(user.email, PASSWORD) };
}

async function signedInCaregiver(status: "approved" | "pending" = "approved") {
  const user = await createCaregiver(setup.db, { firstName: "Sam", lastName: "Ortiz", password: PASSWORD, status });
  return { user, cookie: await signInCookie(user.email, PASSWORD) };
}

// For tests that change nothing: one account each, signed in once.
const unchangedClient = once(signedInClient);
const unchangedCaregiver = once(() => signedInCaregiver());

async function clientRow(userId: string) {
  const [row] = await setup.db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId));
  return row!;
}

async function caregiverRow(userId: string) {
  const [row] = await setup.db.select().from(caregiverProfiles).where(eq(caregiverProfiles.userId, userId));
  return row!;
}

async function userRow(userId: string) {
  const [row] = await setup.db.select().from(userProfiles).where(eq(userProfiles.id, userId));
  return row!;
}

function png(width = 600, height = 400) {
  return sharp({ create: { width, height, channels: 3, background: "#0d9488" } })
    .png()
    .toBuffer();
}

async function storedAvatars(userId: string): Promise<string[]> {
  return readdir(path.join(setup.env.DATA_DIR, "uploads", "avatars", userId)).catch(() => []);
}

describe("the profile pages' guards", () => {
  test("anonymous visitors are sent to sign in, from the loader and the action", async () => {
    const loaded = (await loadProfile("client")) as Response;
    expect(loaded.headers.get("location")).toBe("/login/desktop?redirectTo=%2Fdashboard%2Fprofile");
    const posted = (await postProfile("caregiver", { firstName: "Mallory" })) as Response;
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toMatch(/^\/login\/desktop\?redirectTo=/);
  });

  test("a client cannot post to the caregiver profile", async () => {
    const { user, cookie } = await unchangedClient();
    const posted = (await postProfile("caregiver", { firstName: "Mallory" }, cookie)) as Response;
    expect(posted.headers.get("location")).toBe("/dashboard");
    expect((await clientRow(user.id)).firstName).toBe("Robin");
  });

  test("a pending caregiver gets no profile data and cannot change it", async () => {
    const { user, cookie } = await signedInCaregiver("pending");
    expect(await loadProfile("caregiver", cookie)).toEqual({ profile: null });
    const posted = await settle(
      caregiverProfileAction(args(formRequest("/caregiver/profile", { firstName: "Pat" }, cookie))),
    );
    expect((posted as { init: ResponseInit }).init.status).toBe(403);
    expect((await caregiverRow(user.id)).firstName).toBe("Sam");
  });
});

describe("updating names", () => {
  test("only the changed field is written; the name follows in user_profiles", async () => {
    const { user, cookie } = await signedInClient();
    const before = await clientRow(user.id);
    const result = (await postProfile("client", { firstName: "Robyn" }, cookie)) as ActionResult;
    expect(result.data).toEqual({
      intent: "details",
      status: "saved",
      updatedNames: ["firstName"],
      email: { status: "unchanged" },
    });
    const after = await clientRow(user.id);
    expect(after).toMatchObject({ firstName: "Robyn", lastName: "Hale", phoneNumber: before.phoneNumber });
    expect((await userRow(user.id)).name).toBe("Robyn Hale");
    expect(await loadProfile("client", cookie)).toMatchObject({
      profile: { firstName: "Robyn", lastName: "Hale", email: user.email, pendingEmail: null },
    });
  });

  test("values equal to the saved ones are ignored: nothing is written", async () => {
    const { user, cookie } = await unchangedClient();
    const before = await clientRow(user.id);
    const result = (await postProfile(
      "client",
      { firstName: "Robin", lastName: " Hale ", email: user.email },
      cookie,
    )) as ActionResult;
    expect(result.data).toMatchObject({ status: "saved", updatedNames: [], email: { status: "unchanged" } });
    expect((await clientRow(user.id)).updatedAt).toEqual(before.updatedAt);
    expect(await deliveredOutbox().then((all) => all.filter((entry) => entry.to === user.email))).toEqual([]);
  });

  test("a caregiver's name changes in caregiver_profiles", async () => {
    const { user, cookie } = await signedInCaregiver();
    const result = (await postProfile("caregiver", { lastName: "Ortiz-Lane" }, cookie)) as ActionResult;
    expect(result.data).toMatchObject({ status: "saved", updatedNames: ["lastName"] });
    expect(await caregiverRow(user.id)).toMatchObject({ firstName: "Sam", lastName: "Ortiz-Lane" });
    expect((await userRow(user.id)).name).toBe("Sam Ortiz-Lane");
  });

  test.each([
    [{ firstName: "R" }, { firstName: "validation:firstNameRequired" }],
    [{ firstName: "R".repeat(51) }, { firstName: "validation:firstNameTooLong" }],
    [{ lastName: " H " }, { lastName: "validation:lastNameRequired" }],
    [
      { lastName: "H".repeat(51), email: "not-an-email" },
      { lastName: "validation:lastNameTooLong", email: "validation:emailInvalid" },
    ],
  ])("refuses %j with the rules' messages and changes nothing", async (fields, fieldErrors) => {
    const { user, cookie } = await unchangedClient();
    const result = (await postProfile("client", fields, cookie)) as ActionResult;
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({ intent: "details", status: "invalid" });
    // The form's reply: each field's messages (keys the page words), the first one shown.
    const reply = (result.data as { result: { error?: Record<string, string[] | null> } }).result;
    expect(
      Object.fromEntries(Object.entries(reply.error ?? {}).map(([field, messages]) => [field, messages?.[0]])),
    ).toEqual(fieldErrors);
    expect(await clientRow(user.id)).toMatchObject({ firstName: "Robin", lastName: "Hale" });
    expect((await userRow(user.id)).email).toBe(user.email);
  });
});

describe("changing the email address", () => {
  test("sends a link to the new address; the address changes only once it is followed", async () => {
    const { user, cookie } = await signedInClient();
    const newEmail = `robin-new-${Date.now()}@example.test`;
    const result = (await postProfile("client", { email: newEmail.toUpperCase() }, cookie)) as ActionResult;
    expect(result.data).toMatchObject({ status: "saved", email: { status: "sent", newEmail } });

    expect((await userRow(user.id)).email).toBe(user.email);
    expect(await loadProfile("client", cookie)).toMatchObject({
      profile: { email: user.email, pendingEmail: newEmail },
    });
    const [event] = await setup.db.select().from(auditEvents).where(eq(auditEvents.userId, user.id));
    expect(event).toMatchObject({
      eventType: "email_change_requested",
      metadata: { newEmail, previousEmail: user.email },
    });

    const emails = await deliveredOutbox();
    expect(emails.filter((entry) => entry.to === user.email)).toEqual([]);
    const message = emails.find((entry) => entry.to === newEmail);
    expect(message?.subject).toBe("Confirm your new email for Tendly");
    const link = message?.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0];
    expect(link?.startsWith(`${setup.env.appUrl}/verify-email?token=`)).toBe(true);

    // What the /verify-email page does with the token.
    const token = new URL(link!).searchParams.get("token")!;
    const verified = await getAuth().api.verifyEmail({ query: { token }, headers: new Headers({ cookie }) });
    expect(verified).toMatchObject({ status: true });
    expect(await userRow(user.id)).toMatchObject({ email: newEmail, emailVerified: true });
    expect(await loadProfile("client", cookie)).toMatchObject({ profile: { email: newEmail, pendingEmail: null } });
    const signedIn = await getAuth().api.signInEmail({ body: { email: newEmail, password: PASSWORD } });
    expect(signedIn.user.id).toBe(user.id);
  });

  test("asking again for the same address within a minute is limited, with the time to wait", async () => {
    const { cookie } = await signedInClient();
    const newEmail = `robin-limit-${Date.now()}@example.test`;
    await postProfile("client", { email: newEmail }, cookie);
    const again = (await postProfile("client", { email: newEmail }, cookie)) as ActionResult;
    expect(again.data).toMatchObject({ status: "saved", email: { status: "limited", newEmail } });
    const retryAt = (again.data as { email: { retryAt: string } }).email.retryAt;
    expect(Date.parse(retryAt)).toBeGreaterThan(Date.now());
    expect((await deliveredOutbox()).filter((entry) => entry.to === newEmail)).toHaveLength(1);
  });

  test("an address of another account gets the same answer but no email", async () => {
    const { cookie } = await signedInClient();
    const other = await createUser(setup.db);
    const result = (await postProfile("client", { email: other.email }, cookie)) as ActionResult;
    expect(result.data).toMatchObject({ status: "saved", email: { status: "sent", newEmail: other.email } });
    expect((await deliveredOutbox()).filter((entry) => entry.to === other.email)).toEqual([]);
  });
});

describe("the caregiver's photo", () => {
  test("a PNG is stored privately as a 256 x 256 WebP and replaces the previous photo", async () => {
    const { user, cookie } = await signedInCaregiver();
    const upload = new File([await png()], "me.png", { type: "image/png" });
    const result = (await postProfile("caregiver", { intent: "avatar", avatar: upload }, cookie)) as ActionResult;
    expect(result.data).toMatchObject({ intent: "avatar", status: "saved" });
    const url = (result.data as { avatarUrl: string }).avatarUrl;
    expect(url).toMatch(new RegExp(`^/media/avatar/${user.id}\\?v=[\\w-]+$`));
    expect((await caregiverRow(user.id)).profilePhotoUrl).toBe(url);

    const [file] = await storedAvatars(user.id);
    expect(await storedAvatars(user.id)).toHaveLength(1);
    const metadata = await sharp(path.join(setup.env.DATA_DIR, "uploads", "avatars", user.id, file!)).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    // Not under the public folder or the build output.
    expect(path.resolve(setup.env.DATA_DIR)).not.toContain(`${path.sep}public`);

    const current = await getCurrentUser(appRequest("/caregiver", { cookie }));
    expect(current?.avatarUrl).toBe(url);

    const second = (await postProfile(
      "caregiver",
      { intent: "avatar", avatar: new File([await png(300, 900)], "tall.jpg") },
      cookie,
    )) as ActionResult;
    expect(second.data).toMatchObject({ status: "saved" });
    expect(await storedAvatars(user.id)).toHaveLength(1);
    expect(await storedAvatars(user.id)).not.toEqual([file]);
  });

  test.each([
    [
      "a program renamed .jpg",
      () =>
        new File([Buffer.from("MZ\x90\x00\x03\x00\x00\x00 this is not an image")], "photo.jpg", { type: "image/jpeg" }),
      AVATAR_ERRORS_EN.wrongType,
    ],
    ["an empty file", () => new File([], "empty.png", { type: "image/png" }), AVATAR_ERRORS_EN.empty],
    [
      "a GIF",
      () => new File([Buffer.from("GIF89a\x01\x00\x01\x00")], "a.gif", { type: "image/gif" }),
      AVATAR_ERRORS_EN.wrongType,
    ],
    [
      "a broken JPEG",
      () => new File([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], "broken.jpg"),
      AVATAR_ERRORS_EN.unreadable,
    ],
  ])("%s is refused and nothing is stored", async (_name, file, error) => {
    const { user, cookie } = await unchangedCaregiver();
    const result = (await postProfile("caregiver", { intent: "avatar", avatar: file() }, cookie)) as ActionResult;
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({ intent: "avatar", status: "refused", error });
    expect(await storedAvatars(user.id)).toEqual([]);
    expect((await caregiverRow(user.id)).profilePhotoUrl).toBeNull();
  });

  test("an 11 MB upload is refused before it is read whole, and nothing is stored", async () => {
    const { user, cookie } = await unchangedCaregiver();
    const big = Buffer.alloc(11 * 1024 * 1024, 0);
    (await png()).copy(big);
    const result = (await postProfile(
      "caregiver",
      { intent: "avatar", avatar: new File([big], "big.png") },
      cookie,
    )) as ActionResult;
    expect(result.init?.status).toBe(413);
    expect(result.data).toEqual({ intent: "avatar", status: "refused", error: AVATAR_ERRORS_EN.tooLarge });
    expect(await storedAvatars(user.id)).toEqual([]);
    // The feature itself refuses it too, whatever the transport.
    await expect(saveCaregiverAvatar({ userId: user.id, bytes: big })).rejects.toMatchObject({
      code: "too_large",
      ref: { key: "account:profile.photo.errors.tooLarge" },
    });
  });

  test("clients have no photo to upload", async () => {
    const { cookie } = await unchangedClient();
    const result = await settle(
      clientProfileAction(
        args(formRequest("/dashboard/profile", { intent: "avatar", avatar: new File([await png()], "a.png") }, cookie)),
      ),
    );
    expect((result as { init: ResponseInit }).init.status).toBe(400);
  });
});

async function fetchAvatar(userId: string, viewer?: { cookie: string }, query = "") {
  return (await settle(
    avatarLoader(args(appRequest(`/media/avatar/${userId}${query}`, { cookie: viewer?.cookie }), { userId })),
  )) as Response;
}

async function caregiverWithPhoto(status: "approved" | "pending") {
  const caregiver = await signedInCaregiver(status);
  const saved = await saveCaregiverAvatar({ userId: caregiver.user.id, bytes: await png() });
  return { ...caregiver, url: saved.avatarUrl };
}

describe("who sees a photo at /media/avatar/:userId", () => {
  test("anyone sees an approved caregiver's photo, as WebP with cache headers", async () => {
    const { user, url } = await caregiverWithPhoto("approved");
    const response = await fetchAvatar(user.id, undefined, url.slice(url.indexOf("?")));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("private, max-age=86400");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe("webp");

    const unversioned = await fetchAvatar(user.id);
    expect(unversioned.headers.get("cache-control")).toBe("private, no-cache");
    const etag = unversioned.headers.get("etag")!;
    const revalidated = (await settle(
      avatarLoader(
        args(appRequest(`/media/avatar/${user.id}`, { headers: { "if-none-match": etag } }), { userId: user.id }),
      ),
    )) as Response;
    expect(revalidated.status).toBe(304);
  });

  test("a pending caregiver's photo is seen only by that caregiver and administrators", async () => {
    const { user, cookie } = await caregiverWithPhoto("pending");
    const admin = await createUser(setup.db, { roles: ["admin"], password: PASSWORD });
    const adminCookie = await signInCookie(admin.email, PASSWORD);
    const otherCaregiver = await unchangedCaregiver();
    const client = await unchangedClient();

    expect((await fetchAvatar(user.id)).status).toBe(404);
    expect((await fetchAvatar(user.id, client)).status).toBe(404);
    expect((await fetchAvatar(user.id, otherCaregiver)).status).toBe(404);
    expect((await fetchAvatar(user.id, { cookie })).status).toBe(200);
    expect((await fetchAvatar(user.id, { cookie: adminCookie })).status).toBe(200);
  });

  test("no photo, an unknown user or a client answer 404", async () => {
    const { user } = await unchangedCaregiver();
    const client = await unchangedClient();
    expect((await fetchAvatar(user.id)).status).toBe(404);
    expect((await fetchAvatar(client.user.id)).status).toBe(404);
    expect((await fetchAvatar("../../secrets")).status).toBe(404);
  });
});
