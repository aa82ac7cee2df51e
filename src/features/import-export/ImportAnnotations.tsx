export function ImportAnnotations() {
  return null;
}
