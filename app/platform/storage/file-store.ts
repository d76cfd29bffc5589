// What a place to keep private files offers. Keys arrive already checked
// (files.server.ts): relative paths such as "avatars/<userId>/<name>.webp".
export type FileStore = {
  /** Stores `bytes` under `key`, replacing what was there; readers never see a half-written file. */
  save(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Removes `key`; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
};
