import { z } from 'zod';
import { list, pageLink, text } from './fields';

/**
 * The site's two menus as documents staff edit (`menus/main`, `menus/footer`): a list of items in
 * the order staff put them, each a label and a link, nesting one level. A top item is either a link,
 * which may hold links under it (a dropdown; a column of the footer), or an automatic list: the
 * published services or industries staff show in menus, in their listing's order, so a service
 * added, reordered, hidden or retired moves the menus without anyone editing them. Isomorphic.
 */

export const MENU_LABEL_MAX = 40;
const label = () => text('Label', { max: MENU_LABEL_MAX });

/**
 * A link under a top item: a label and a link, nothing under it. `children` is named only to be
 * refused in words (zod's own "unrecognized key" would not say why): menus nest one level.
 */
export const menuChildSchema = z
  .strictObject({
    label: label(),
    href: pageLink('Link'),
    children: z.never('Menus nest one level: a link under another item cannot have links under it. Move them to the top of the menu instead.').optional(),
  })
  .meta({ title: 'Link' });

/** What a top item's link does in each menu, said under the field. */
const TOP_LINK_HINTS = {
  main: 'With links under it (or as a list of services or industries), the menu opens a dropdown; this link is then its "All …" entry on phones.',
  footer: 'With links under it (or as a list of services or industries), the item is a column of its own under its label, and this link is not shown; a link with nothing under it is listed under "Get in touch".',
} as const;

/** One menu's schema: its items, each with the hint of what its link does in that menu. */
function menuSchemaOf(menu: keyof typeof TOP_LINK_HINTS) {
  const topLink = () => pageLink('Link', { description: TOP_LINK_HINTS[menu] });
  const item = z
    .discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('link'), label: label(), href: topLink(), children: list('Links under it', menuChildSchema, { max: 20 }) }).meta({ title: 'Link' }),
      z.strictObject({ kind: z.literal('services'), label: label(), href: topLink() }).meta({ title: 'The published services' }),
      z.strictObject({ kind: z.literal('industries'), label: label(), href: topLink() }).meta({ title: 'The published industries' }),
    ])
    .meta({ title: 'Menu item' });
  return z.strictObject({ items: list('Menu items', item, { min: 1, max: 12 }) });
}

export const mainMenuSchema = menuSchemaOf('main');
export const footerMenuSchema = menuSchemaOf('footer');
export type MenuContent = z.infer<typeof mainMenuSchema>;
export type MenuItem = MenuContent['items'][number];

/** The keys of the two menus, as the content store names them. */
export const MENU_KEYS = { main: 'menus/main', footer: 'menus/footer' } as const;

/** A link of a menu as the views draw it. */
export interface NavLink {
  label: string;
  href: string;
}

/**
 * A top item of a menu as the views draw it: with `children` a dropdown (a column of the footer),
 * without a plain link. An automatic list always has `children` (empty when nothing is shown), as
 * the Services and Core Industries dropdowns always did; a link without links under it has none.
 */
export interface NavItem extends NavLink {
  children?: NavLink[];
}

/** A menu's items as the views draw them: the automatic lists filled with the services and industries staff show in menus. */
export function navigationOf(
  menu: MenuContent,
  { services, industries }: { services: readonly { slug: string; title: string }[]; industries: readonly { slug: string; label: string }[] },
): NavItem[] {
  return menu.items.map((item): NavItem => {
    if (item.kind === 'services') return { label: item.label, href: item.href, children: services.map((service) => ({ label: service.title, href: `/services/${service.slug}` })) };
    if (item.kind === 'industries') return { label: item.label, href: item.href, children: industries.map((industry) => ({ label: industry.label, href: `/industries/${industry.slug}` })) };
    return item.children.length > 0 ? { label: item.label, href: item.href, children: item.children.map((child) => ({ label: child.label, href: child.href })) } : { label: item.label, href: item.href };
  });
}
