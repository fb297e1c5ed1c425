/**
 * An Accept-* header (Accept-Language, Accept-Encoding) as its values and their weights, in the
 * header's order (RFC 9110 §12.4.2): values lower-cased, a missing or unreadable q counts as 1.
 * Over-long headers are read up to 512 characters.
 */
export function qualityList(header: string | null | undefined): { value: string; q: number }[] {
  if (!header) return [];
  const list: { value: string; q: number }[] = [];
  for (const part of header.slice(0, 512).split(',')) {
    const [value, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p)).find(Boolean);
    if (value.trim()) list.push({ value: value.trim(), q: weight ? Number(weight[1]) : 1 });
  }
  return list;
}
