import { describe, expect, test } from "vitest";
import { documentPath, documentPathCandidates, storageKeyOf } from "./document-paths";

describe("document paths", () => {
  test("new uploads go under the owner's folder of their kind", () => {
    expect(documentPath("u1", "government_id", "a.pdf")).toBe("user_u1/documents/a.pdf");
    expect(documentPath("u1", "certification", "b.pdf")).toBe("user_u1/certifications/b.pdf");
    expect(documentPath("u1", "profile_photo", "c.jpg")).toBe("user_u1/profile_photos/c.jpg");
    expect(storageKeyOf("user_u1/documents/a.pdf")).toBe("caregiver_documents/user_u1/documents/a.pdf");
  });

  test("a path is tried as stored first, then without the bucket prefix", () => {
    expect(documentPathCandidates("caregiver_documents/user_u1/documents/a.pdf", "u1")).toEqual([
      "caregiver_documents/user_u1/documents/a.pdf",
      "user_u1/documents/a.pdf",
    ]);
    expect(documentPathCandidates("user_u1/documents/a.pdf", "u1")).toEqual(["user_u1/documents/a.pdf"]);
  });

  test("session paths also try the owner's documents, certifications and profile photos", () => {
    expect(documentPathCandidates("user_session_42/id.pdf", "u1")).toEqual([
      "user_session_42/id.pdf",
      "user_u1/documents/id.pdf",
      "user_u1/certifications/id.pdf",
      "user_u1/profile_photos/id.pdf",
    ]);
    expect(documentPathCandidates("caregiver_documents/guest/session_9/cpr.pdf", "u1")).toEqual([
      "caregiver_documents/guest/session_9/cpr.pdf",
      "guest/session_9/cpr.pdf",
      "user_u1/documents/cpr.pdf",
      "user_u1/certifications/cpr.pdf",
      "user_u1/profile_photos/cpr.pdf",
    ]);
  });
});
