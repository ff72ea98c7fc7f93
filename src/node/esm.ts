/**
 * The build's code is CommonJS (Parcel compiles gatsby-node), while unified, shiki, twoslash and MDX ship only ES
 * modules, so they load lazily with `import()`. Parcel turns `import()` of a package into a plain `require()`, which
 * returns the module itself: `importEsm(() => import('shiki'))` gives a promise of the module either way.
 */
export function importEsm<Module>(load: () => Module): Promise<Awaited<Module>> {
  return Promise.resolve(load());
}
