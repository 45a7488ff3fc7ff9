/**
 * css-select's view of an ultrahtml tree. The compliance checks parse built pages with ultrahtml (it
 * is small and fast); css-select matches selectors over any tree given these few accessors, so the
 * selector semantics are the library's, not ours. The tree is only read, never changed.
 */
import type { Options } from 'css-select';
import { ELEMENT_NODE, TEXT_NODE, type ElementNode, type Node } from 'ultrahtml';

const childrenOf = (node: Node): Node[] => ('children' in node && Array.isArray(node.children) ? (node.children as Node[]) : []);

const isTag = (node: Node): node is ElementNode => node.type === ELEMENT_NODE;

function textContent(node: Node): string {
  if (node.type === TEXT_NODE) return String(node.value);
  return childrenOf(node).map(textContent).join('');
}

/** css-select exports its adapter interface only as an option's type. */
type Adapter = NonNullable<Options<Node, ElementNode>['adapter']>;

export const ultrahtmlAdapter: Adapter = {
  isTag,
  // HTML names are case-insensitive; css-select lower-cases the selector's, so the element's is too.
  getName: (el) => el.name.toLowerCase(),
  getAttributeValue: (el, name) => el.attributes[name],
  hasAttrib: (el, name) => Object.hasOwn(el.attributes, name),
  getChildren: childrenOf,
  // The document node is the top element's parent; css-select stops where the parent is not a tag.
  getParent: (el) => el.parent ?? null,
  // css-select wants the node itself among its siblings; a parentless node is its own only sibling.
  getSiblings: (node) => (node.parent ? childrenOf(node.parent) : [node]),
  prevElementSibling: (node) => {
    const siblings = node.parent ? childrenOf(node.parent) : [];
    for (let i = siblings.indexOf(node) - 1; i >= 0; i--) {
      const s = siblings[i];
      if (s && isTag(s)) return s;
    }
    return null;
  },
  getText: textContent,
  removeSubsets: (nodes) => {
    const set = new Set(nodes);
    return [...set].filter((node) => {
      for (let up = node.parent; up; up = up.parent) if (set.has(up)) return false;
      return true;
    });
  },
};
