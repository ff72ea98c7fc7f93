/** The navbar: its logo, style and items; the item kinds, their fields and the UI registry all follow from here. */
import { z } from 'zod';
import { unknownKindErrorMap } from '../error-map';
import { eachNeedsOneTarget, externalUrl, logo, nonEmpty, requireOneTarget, route } from './common';

const navbarItemBase = {
  position: z.enum(['left', 'right']).optional(),
  className: z.string().optional(),
};

const defaultNavbarItem = z
  .object({
    ...navbarItemBase,
    type: z.literal('default'),
    label: nonEmpty,
    to: route.optional(),
    href: externalUrl.optional(),
  })
  .strict();

/** A navbar item: one object schema per kind. */
export const navbarItemSchema = z.discriminatedUnion(
  'type',
  [
    defaultNavbarItem,
    z
      .object({
        ...navbarItemBase,
        type: z.literal('dropdown'),
        label: nonEmpty,
        items: z.array(defaultNavbarItem).min(1).superRefine(eachNeedsOneTarget('a default item')),
      })
      .strict(),
    z.object({ ...navbarItemBase, type: z.literal('localeDropdown') }).strict(),
    z.object({ ...navbarItemBase, type: z.literal('search') }).strict(),
    z.object({ ...navbarItemBase, type: z.literal('html'), value: z.string() }).strict(),
    z.object({ ...navbarItemBase, type: z.literal('doc'), docId: nonEmpty, label: nonEmpty.optional() }).strict(),
    z.object({ ...navbarItemBase, type: z.literal('docSidebar'), sidebarId: nonEmpty, label: nonEmpty }).strict(),
    z.object({ ...navbarItemBase, type: z.literal('docsVersion'), label: nonEmpty.optional() }).strict(),
    z.object({ ...navbarItemBase, type: z.literal('docsVersionDropdown') }).strict(),
  ],
  { errorMap: unknownKindErrorMap('navbar item') },
);

export type NavbarItem = z.infer<typeof navbarItemSchema>;

/** Every navbar item kind the config may use, in the schema's order. */
export const navbarItemTypes = Array.from(navbarItemSchema.optionsMap.keys()) as Array<NavbarItem['type']>;

export const navbarSchema = z
  .object({
    title: z.string(),
    logo,
    hideOnScroll: z.boolean(),
    style: z.enum(['primary', 'dark']),
    items: z
      .array(navbarItemSchema)
      .superRefine((items, ctx) =>
        items.forEach((item, index) => {
          if (item.type === 'default') requireOneTarget('a default item', item, [index], ctx);
        }),
      ),
  })
  .strict();
