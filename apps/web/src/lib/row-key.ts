let rowCounter = 0;

/** A React key for a list row the user just added (it has no server id yet): new-1, new-2, … */
export function newRowKey(): string {
  rowCounter += 1;
  return `new-${rowCounter}`;
}
