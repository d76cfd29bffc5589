// How people are named to one another: outside an account's own pages and the
// admin's, a person is their first name and last initial (docs/product-rules.md,
// "Feedback", "Home screens and the calendar feed", "Messages").

/** A person's short name: first name and last initial only ("Maria G."); the first name alone when there is no last. */
export function shortName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/** The two letters of an avatar without a photo ("JP"). */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}
