import * as v from 'valibot';

const Label = v.pipe(v.string(), v.trim(), v.minLength(1, 'a label'));
/** A site path (/finance) or an absolute http(s) URL. */
const Href = v.pipe(v.string(), v.trim(), v.regex(/^(?:\/|https?:\/\/)/, 'a path starting with / or an http(s) URL'));

const NavLinkSchema = v.strictObject({ label: Label, href: Href });

/**
 * Header and footer overrides. Each list given replaces the spec's default for that place; an item
 * may keep a stock-driven dropdown with `dynamic` (vehicles: models; stock: car types and makes).
 */
export const NavigationSchema = v.optional(
  v.strictObject({
    header: v.optional(
      v.array(
        v.strictObject({
          label: Label,
          href: v.optional(Href),
          children: v.optional(v.array(NavLinkSchema)),
          dynamic: v.optional(v.picklist(['vehicles', 'stock'])),
        }),
      ),
    ),
    footer: v.optional(v.array(v.strictObject({ title: Label, links: v.array(NavLinkSchema) }))),
  }),
  {},
);
export type Navigation = v.InferOutput<typeof NavigationSchema>;
