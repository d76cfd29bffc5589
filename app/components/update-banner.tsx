export function UpdateBanner() {
  return null;
}
