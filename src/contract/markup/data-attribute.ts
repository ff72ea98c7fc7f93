/**
 * The markup contract (this folder): the class names and data attributes the build writes for a doc's body
 * (src/node/mdx/components) that the theme's stylesheets style and its islands read, one module per component an
 * island reads so its chunk carries only its own names (./static.ts holds those no island reads). A stylesheet
 * cannot import them: test/contract/markup.test.ts checks the stylesheets against them.
 */

/** `exampleId` → `example-id`: how a `dataset` key is spelled in its attribute's name. */
type Kebab<Text extends string> = Text extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}`
  : Text;

/** A data attribute: its name in the markup and its key in an element's `dataset`, which the type ties together. */
export interface DataAttribute<Key extends string> {
  readonly name: `data-${Kebab<Key>}`;
  readonly key: Key;
}
