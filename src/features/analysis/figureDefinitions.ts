// Each figure's definition, as shown in its tooltip.
export function definitionOf(key: string): string {
  return key;
}
