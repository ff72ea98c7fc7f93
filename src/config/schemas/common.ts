/** Value schemas several concerns share: routes, URLs, the logo, the one-target rule of links. */
import { z } from 'zod';
import { LOGO_SIZE } from '../../contract/constants';
import { show, type ConfigPath } from '../error-map';

/** A value the spec fixes; the message says why. */
// A function declaration: Gatsby's Parcel build of gatsby-node cannot parse `const` type parameters on arrows.
export function exactly<T extends string | number | boolean>(value: T, why: string) {
  return z.literal(value, {
    errorMap: (_issue, ctx) => ({ message: `must be ${show(value)} (${why}); got ${show(ctx.data)}.` }),
  });
}

export const nonEmpty = z.string().min(1);

/** An internal route such as `/docs/api/atom`. */
export const route = z
  .string()
  .refine((v) => v.startsWith('/') && !v.startsWith('//'), (v) => ({
    message: `must be an internal route starting with "/"; got ${show(v)}. Use "href" for external URLs.`,
  }));

/** An external URL, opened in a new tab. */
export const externalUrl = z.string().refine((v) => /^(https?:\/\/|mailto:)/.test(v), (v) => ({
  message: `must be an absolute http(s) or mailto: URL; got ${show(v)}. Use "to" for pages of this site.`,
}));

export const origin = z.string().refine(
  (v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === v;
    } catch {
      return false;
    }
  },
  (v) => ({
    message: `must be an absolute http(s) origin without a trailing slash or path, like "https://stan.party"; got ${show(v)}.`,
  }),
);

/** A URL segment such as `docs`: no leading or trailing slash. */
export const segment = z.string().regex(/^[\w-]+(\/[\w-]+)*$/, {
  message: 'must be a URL segment without leading or trailing slashes, like "docs".',
});

/** The navbar's and the footer's logo. */
export const logo = z
  .object({
    alt: nonEmpty,
    src: route,
    width: exactly(LOGO_SIZE, 'the logo is 32x32 px'),
    height: exactly(LOGO_SIZE, 'the logo is 32x32 px'),
  })
  .strict();

type LinkTarget = { to?: string | undefined; href?: string | undefined };

/** `default` navbar items and footer links point at exactly one target. */
export function requireOneTarget(what: string, item: LinkTarget, path: ConfigPath, ctx: z.RefinementCtx): void {
  if ((item.to === undefined) !== (item.href === undefined)) return;
  ctx.addIssue({
    code: z.ZodIssueCode.custom,
    path: [...path],
    message: `${what} needs exactly one of "to" or "href". Use "to" for a page of this site, "href" for an external URL.`,
  });
}

export const eachNeedsOneTarget = (what: string) => (items: readonly LinkTarget[], ctx: z.RefinementCtx) =>
  items.forEach((item, index) => requireOneTarget(what, item, [index], ctx));
