import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { careRequests, emailSends, familyInvitations, orders } from "~/platform/db/schema";
import { orderAccess, recipientAccess } from "~/features/family/access.server";
import {
  acceptFamilyInvitation,
  changeFamilyMemberRole,
  getFamilyCircle,
  inviteFamilyMember,
  leaveFamilyCircle,
  listInvitationsForMe,
  listMyFamilyCircles,
  removeFamilyMember,
  resendFamilyInvitation,
  revokeFamilyInvitation,
} from "~/features/family/circle.server";
import { getClientHome } from "~/features/home/client-home.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { useAuthTestSetup } from "./auth-env";
import { refusal } from "./family-helpers";
import { careRequestInput, clientActor } from "./care-loop-helpers";
import { deliveredOutbox } from "./emails";

// The family circle's changes (docs/product-rules.md, "Family circle"): invitations by email that expire, accepted
// only by the invited address; role changes, removals and leaving, each audited and listed for the holder.

const setup = useAuthTestSetup();

type Person = Awaited<ReturnType<typeof clientActor>>;

const fullName = (person: Person) => `${person.firstName} ${person.lastName}`;

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("family circle changes", () => {
  let holder: Person;
  let son: Person;
  let recipientId: string;
  let orderId: string;

  beforeAll(async () => {
    holder = await clientActor(setup.db);
    son = await clientActor(setup.db);
    ({ orderId } = await submitCareRequest({ actor: holder, request: careRequestInput() }));
    const [row] = await setup.db
      .select({ careRecipientId: careRequests.careRecipientId })
      .from(orders)
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .where(eq(orders.id, orderId));
    recipientId = row!.careRecipientId!;
  });

  const invite = (email: string, role: "manage" | "follow" | "alerts" = "follow") =>
    inviteFamilyMember({ actor: holder, careRecipientId: recipientId, email, role, inviterName: "Ana", locale: "es" });

  test("an invitation is emailed in the holder's language, accepted by the invited address only", async () => {
    const sent = await invite(son.email.toUpperCase());
    const outbox = await deliveredOutbox();
    const email = outbox.find((entry) => entry.to === son.email);
    expect(email?.subject).toContain("le invitó a seguir el cuidado de Rosa Diaz");
    expect(email?.text).toContain(sent.url);

    const stranger = await clientActor(setup.db);
    const wrong = await refusal(
      acceptFamilyInvitation({ actor: stranger, email: stranger.email, token: tokenOf(sent.url) }),
    );
    expect(wrong.reason).toBe("wrongEmail");
    expect(await recipientAccess(stranger.id, recipientId)).toBeNull();

    await acceptFamilyInvitation({ actor: son, email: son.email, token: tokenOf(sent.url) });
    expect(await orderAccess(son, orderId)).toBe("follow");
    const again = await refusal(acceptFamilyInvitation({ actor: son, email: son.email, token: tokenOf(sent.url) }));
    expect(again.reason).toBe("inviteClosed");
    expect((await refusal(invite(son.email))).reason).toBe("alreadyMember");
  });

  test("an expired or revoked invitation no longer works; a resent one replaces the old link", async () => {
    const late = await clientActor(setup.db);
    const first = await invite(late.email, "alerts");
    await setup.db
      .update(familyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(familyInvitations.email, late.email));
    const expired = await refusal(
      acceptFamilyInvitation({ actor: late, email: late.email, token: tokenOf(first.url) }),
    );
    expect(expired.reason).toBe("inviteExpired");

    const other = await clientActor(setup.db);
    await invite(other.email);
    const [pending] = (await getFamilyCircle({ actor: holder, careRecipientId: recipientId })).invitations.filter(
      (invitation) => invitation.email === other.email,
    );
    await revokeFamilyInvitation({ actor: holder, invitationId: pending!.id });
    expect(
      (await getFamilyCircle({ actor: holder, careRecipientId: recipientId })).invitations.map((i) => i.email),
    ).not.toContain(other.email);
    expect((await refusal(revokeFamilyInvitation({ actor: holder, invitationId: pending!.id }))).reason).toBe(
      "inviteClosed",
    );
    expect((await refusal(invite(holder.email))).reason).toBe("ownEmail");
    // Only the holder sees or changes the circle.
    expect((await refusal(getFamilyCircle({ actor: son, careRecipientId: recipientId }))).code).toBe("not_found");

    const cousin = await clientActor(setup.db);
    const old = await invite(cousin.email, "alerts");
    const [open] = (await getFamilyCircle({ actor: holder, careRecipientId: recipientId })).invitations.filter(
      (invitation) => invitation.email === cousin.email,
    );
    // A minute later (the allowance of emails per address, as for every email a person can trigger).
    await setup.db.delete(emailSends).where(eq(emailSends.email, cousin.email));
    const resent = await resendFamilyInvitation({
      actor: holder,
      invitationId: open!.id,
      inviterName: "Ana",
      locale: "en",
    });
    const stale = await refusal(
      acceptFamilyInvitation({ actor: cousin, email: cousin.email, token: tokenOf(old.url) }),
    );
    expect(stale.reason).toBe("inviteClosed");
    await expect(
      acceptFamilyInvitation({ actor: cousin, email: cousin.email, token: tokenOf(resent.url) }),
    ).resolves.toEqual({ careRecipientId: recipientId, role: "alerts" });
  });

  test("role changes, removal and leaving take effect at once and are listed for the holder", async () => {
    const circle = await getFamilyCircle({ actor: holder, careRecipientId: recipientId });
    const member = circle.members.find((entry) => entry.userId === son.id)!;
    expect((await refusal(changeFamilyMemberRole({ actor: son, memberId: member.id, role: "manage" }))).code).toBe(
      "not_found",
    );
    await changeFamilyMemberRole({ actor: holder, memberId: member.id, role: "manage" });
    expect(await orderAccess(son, orderId)).toBe("manage");
    await removeFamilyMember({ actor: holder, memberId: member.id });
    expect(await orderAccess(son, orderId)).toBeNull();

    const daughter = await clientActor(setup.db);
    const sent = await invite(daughter.email, "manage");
    await acceptFamilyInvitation({ actor: daughter, email: daughter.email, token: tokenOf(sent.url) });
    expect(await listMyFamilyCircles({ actor: daughter })).toEqual([
      expect.objectContaining({ careRecipientId: recipientId, role: "manage" }),
    ]);
    expect(await listMyFamilyCircles({ actor: holder })).toEqual([]);
    await leaveFamilyCircle({ actor: daughter, careRecipientId: recipientId });
    expect(await orderAccess(daughter, orderId)).toBeNull();
    expect(await listMyFamilyCircles({ actor: daughter })).toEqual([]);

    const types = (await getFamilyCircle({ actor: holder, careRecipientId: recipientId })).changes.map((c) => c.type);
    // A role change and a removal name the member they were about.
    const changes = (await getFamilyCircle({ actor: holder, careRecipientId: recipientId })).changes;
    const aboutSon = changes.filter((c) => ["family_member_role_changed", "family_member_removed"].includes(c.type));
    expect(aboutSon.map((c) => c.memberName)).toEqual([fullName(son), fullName(son)]);
    for (const type of [
      "family_member_invited",
      "family_invitation_accepted",
      "family_invitation_revoked",
      "family_member_role_changed",
      "family_member_removed",
      "family_member_left",
    ]) {
      expect(types).toContain(type);
    }
  });

  test("an account registered after the email finds its invitations and joins without the link", async () => {
    const nephew = await clientActor(setup.db);
    await invite(nephew.email, "follow");
    const stranger = await clientActor(setup.db);
    expect(await listInvitationsForMe({ actor: stranger, email: stranger.email })).toEqual([]);
    const [waiting, ...more] = await listInvitationsForMe({ actor: nephew, email: nephew.email.toUpperCase() });
    expect(more).toEqual([]);
    expect(waiting).toMatchObject({ recipientName: "Rosa Diaz", holderName: fullName(holder), role: "follow" });

    // Only the invited address joins by the invitation's id.
    const wrong = await refusal(
      acceptFamilyInvitation({ actor: stranger, email: stranger.email, invitationId: waiting!.id }),
    );
    expect(wrong.code).toBe("not_found");
    expect(await recipientAccess(stranger.id, recipientId)).toBeNull();

    await expect(
      acceptFamilyInvitation({ actor: nephew, email: nephew.email, invitationId: waiting!.id }),
    ).resolves.toEqual({ careRecipientId: recipientId, role: "follow" });
    expect(await orderAccess(nephew, orderId)).toBe("follow");
    expect(await listInvitationsForMe({ actor: nephew, email: nephew.email })).toEqual([]);
    const twice = await refusal(
      acceptFamilyInvitation({ actor: nephew, email: nephew.email, invitationId: waiting!.id }),
    );
    expect(twice.code).toBe("not_found");

    // The followed person's order is on the member's home, as on their orders list.
    const home = await getClientHome({ actor: { ...nephew, sessionId: "no-session" } });
    expect(home.isFirstTime).toBe(false);
    expect(home.openRequests.map((request) => request.orderId)).toContain(orderId);
    expect(home.orderToRate).toBeNull();
  });
});
