/** An enumeration value with the label users see; a select item never has an empty value. */
export interface Option<V extends string = string> {
  value: V;
  label: string;
}

export function valuesOf<V extends string>(options: readonly Option<V>[]): [V, ...V[]] {
  return options.map((o) => o.value) as [V, ...V[]];
}

export function labelOf<V extends string>(options: readonly Option<V>[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
