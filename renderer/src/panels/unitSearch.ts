/** Which units a search names: its number (from 1) exactly first, then names and ids containing the text, in unit order. */
export function matchUnits(agents: readonly { id: string; name: string }[], query: string): number[] {
  const text = query.trim().toLowerCase();
  if (text === '') return agents.map((_, i) => i);
  const exact = /^\d+$/.test(text) ? Number(text) - 1 : -1;
  const out: number[] = exact >= 0 && exact < agents.length ? [exact] : [];
  agents.forEach((a, i) => {
    if (i !== exact && (a.name.toLowerCase().includes(text) || a.id.toLowerCase().includes(text))) out.push(i);
  });
  return out;
}

/** The unit Enter in the search picks: the first match of a non-empty search, else none. */
export function unitOnEnter(agents: readonly { id: string; name: string }[], query: string): string | null {
  if (query.trim() === '') return null;
  const first = matchUnits(agents, query)[0];
  return first === undefined ? null : agents[first].id;
}
