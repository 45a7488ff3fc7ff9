import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';

/** Element names feeds use for one vehicle (Meta: listing; Google RSS: item; others: vehicle, car...). */
const RECORD_NAMES = ['listing', 'item', 'vehicle', 'car', 'entry', 'record'];

/** Elements feeds repeat per vehicle (Meta's image, Google's additional_image_link and vehicle_fulfillment). */
const REPEATED = new Set(['image', 'additional_image_link', 'vehicle_fulfillment', 'component']);

type Node = unknown;

/** The element text of a node parsed with attributes ("#text" beside "@_..." keys), or the node itself. */
function textOf(node: Node): Node {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    const o = node as Record<string, unknown>;
    const keys = Object.keys(o).filter((k) => !k.startsWith('@_'));
    if (keys.length === 1 && keys[0] === '#text') return o['#text'];
    if (keys.length === 0) return '';
  }
  return node;
}

/**
 * One record as flat columns, named the way the same feed's CSV names them: nested elements become
 * dotted names (mileage.value), repeated elements with children are numbered (image[0].url), repeated
 * text elements become a list, and Meta's <address><component name="city"> becomes address.city.
 */
export function flattenRecord(node: Node): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const visit = (value: Node, path: string, depth: number): void => {
    value = textOf(value);
    if (depth > 8) return;
    if (Array.isArray(value)) {
      const items = value.map(textOf);
      if (items.every((x) => x === null || typeof x !== 'object')) {
        out[path] = items.map((x) => (x === null || x === undefined ? '' : String(x)));
        return;
      }
      items.forEach((item, i) => visit(item, `${path}[${i}]`, depth + 1));
      return;
    }
    if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      const component = o['component'];
      if (component !== undefined) {
        for (const c of Array.isArray(component) ? component : [component]) {
          const name = c && typeof c === 'object' ? (c as Record<string, unknown>)['@_name'] : undefined;
          if (typeof name === 'string') out[`${path}.${name}`] = String(textOf(c) ?? '');
        }
        return;
      }
      for (const [k, v] of Object.entries(o)) if (!k.startsWith('@_') && k !== '#text') visit(v, path ? `${path}.${k}` : k, depth + 1);
      return;
    }
    if (path) out[path] = value === null || value === undefined ? '' : String(value);
  };
  visit(node, '', 0);
  return out;
}

/** The list of record nodes: the shallowest element with a record-like name, else the longest list of elements. */
function findRecords(root: Node): Node[] {
  const queue: { node: Node; depth: number }[] = [{ node: root, depth: 0 }];
  let longest: Node[] = [];
  while (queue.length) {
    const { node, depth } = queue.shift()!;
    if (!node || typeof node !== 'object' || depth > 6) continue;
    if (Array.isArray(node)) {
      if (node.length > longest.length && node.every((x) => x && typeof x === 'object')) longest = node;
      for (const x of node) queue.push({ node: x, depth: depth + 1 });
      continue;
    }
    // A repeated record-like element wins; a single one counts only when nothing below it repeats.
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      if (RECORD_NAMES.includes(k.toLowerCase()) && Array.isArray(v)) return v;
    }
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      if (RECORD_NAMES.includes(k.toLowerCase()) && v && typeof v === 'object' && !Object.values(v).some(Array.isArray)) return [v];
      queue.push({ node: v, depth: depth + 1 });
    }
  }
  return longest;
}

/**
 * Reads an XML feed (Meta's <listings><listing>, Google's RSS <item> with g: elements, or any feed with
 * one element per vehicle) into flat rows for the declarative mapping. Namespaces are dropped
 * (g:price is price); values stay text, as in a CSV. Malformed XML throws with its line.
 */
export function parseXmlRecords(text: string): Record<string, unknown>[] {
  // Feeds never need entity declarations; refusing them keeps a DOCTYPE entity bomb out of the build.
  if (/<!ENTITY/i.test(text)) throw new Error('the XML declares entities (<!ENTITY>), which stock feeds never need; remove the DOCTYPE');
  // fast-xml-validator (the parser's own validator moved there) answers true, or an error with its line.
  let verdict: unknown;
  try {
    verdict = SyntaxValidator.validate(text);
  } catch (err) {
    verdict = err;
  }
  if (verdict !== true) {
    const e = verdict as { message?: string; line?: number; err?: { line?: number; msg?: string } };
    const line = e.line ?? e.err?.line;
    throw new Error(`not well-formed XML${line ? ` at line ${line}` : ''}: ${e.err?.msg ?? e.message ?? 'unreadable'}`);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    // Elements a feed repeats: one of them is still a list (image[0].url), as in the CSV form.
    isArray: (name) => REPEATED.has(name),
  });
  const records = findRecords(parser.parse(text) as Node);
  return records.map(flattenRecord);
}
