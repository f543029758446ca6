// Which parts of a rules page an edition shows: a block or section marked
// `only` belongs to that edition's page alone.

/** Whether a block or section belongs on the page of edition `variant`. */
export function shownIn(item: { only?: string | null }, variant: string | undefined): boolean {
  return !item.only || item.only === variant;
}
