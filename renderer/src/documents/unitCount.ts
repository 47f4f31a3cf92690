/**
 * "Units from .scen…" asks how many (it always placed 10): the answer typed,
 * read as a whole number from 1 to the file's count, or a message saying what was wrong.
 */
export function parseUnitCount(answer: string, available: number): { count: number } | { error: string } {
  const text = answer.trim().toLowerCase();
  if (text === 'all') return { count: available };
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > available) {
    return { error: `'${answer}' is not a number of units from 1 to ${available} (or 'all')` };
  }
  return { count };
}
