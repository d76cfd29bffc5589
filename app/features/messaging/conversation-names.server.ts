import { inArray } from "drizzle-orm";
import { caregiverProfiles, clientProfiles, userProfiles, userRoles } from "~/platform/db/schema";
import { shortName } from "~/utils/person-name";
import { type ConversationKind, type ConversationTitle, type MessageSide } from "./message-rules";
import type { Executor } from "~/platform/db/client.server";

// How a conversation names the other person (docs/product-rules.md,
// "Messages"): a family sees their caregiver's display name ("Jordan R."), a
// caregiver the family's first name and last initial, a user "Tendly
// Support" (written by the page in the reader's language), an administrator
// the user's full name and role.

type Person = {
  name: string;
  client?: { firstName: string; lastName: string };
  caregiver?: { firstName: string; lastName: string };
  isCaregiver: boolean;
};

/** The names each person is known by, for several people at once. */
export async function peopleNames(executor: Executor, userIds: readonly string[]): Promise<Map<string, Person>> {
  const ids = [...new Set(userIds)];
  const people = new Map<string, Person>();
  if (ids.length === 0) return people;
  // One after the other: inside a transaction the queries share one connection.
  const users = await executor
    .select({ id: userProfiles.id, name: userProfiles.name })
    .from(userProfiles)
    .where(inArray(userProfiles.id, ids));
  const clients = await executor
    .select({ id: clientProfiles.userId, firstName: clientProfiles.firstName, lastName: clientProfiles.lastName })
    .from(clientProfiles)
    .where(inArray(clientProfiles.userId, ids));
  const caregivers = await executor
    .select({
      id: caregiverProfiles.userId,
      firstName: caregiverProfiles.firstName,
      lastName: caregiverProfiles.lastName,
    })
    .from(caregiverProfiles)
    .where(inArray(caregiverProfiles.userId, ids));
  const roles = await executor
    .select({ id: userRoles.userId, role: userRoles.role })
    .from(userRoles)
    .where(inArray(userRoles.userId, ids));
  for (const user of users) people.set(user.id, { name: user.name, isCaregiver: false });
  for (const { id, ...name } of clients) {
    const person = people.get(id);
    if (person) person.client = name;
  }
  for (const { id, ...name } of caregivers) {
    const person = people.get(id);
    if (person) person.caregiver = name;
  }
  for (const { id, role } of roles) {
    const person = people.get(id);
    if (person && role === "caregiver") person.isCaregiver = true;
  }
  return people;
}

/** A person's first name, as a message of the family's side shows its writer. */
export function firstNameOf(person: Person | undefined): string {
  return person?.client?.firstName ?? person?.name.split(" ")[0] ?? "";
}

function fullName(person: Person | undefined): string {
  const profile = person?.isCaregiver ? (person.caregiver ?? person.client) : (person?.client ?? person?.caregiver);
  return profile ? `${profile.firstName} ${profile.lastName}`.trim() : (person?.name ?? "");
}

function displayName(profile: { firstName: string; lastName: string } | undefined, person: Person | undefined) {
  return profile ? shortName(profile.firstName, profile.lastName) : (person?.name ?? "");
}

/** The name the person on `side` goes by in a conversation ("Tendly Support" is the page's to write). */
export function nameOnSide(
  people: Map<string, Person>,
  conversation: { kind: ConversationKind; userAId: string; userBId: string | null },
  side: MessageSide,
  /** Who on the family's side of a care conversation: the holder unless a circle member is meant. */
  familyUserId: string = conversation.userAId,
): ConversationTitle {
  if (conversation.kind === "support") {
    if (side === "b") return { kind: "support" };
    const person = people.get(conversation.userAId);
    return { kind: "person", name: fullName(person), role: person?.isCaregiver ? "caregiver" : "client" };
  }
  if (side === "a") {
    const family = people.get(familyUserId);
    return { kind: "person", name: displayName(family?.client, family) };
  }
  const caregiver = people.get(conversation.userBId ?? "");
  return { kind: "person", name: displayName(caregiver?.caregiver, caregiver) };
}
