import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';

extend([a11yPlugin]);

/**
 * The WCAG 2 contrast ratio of two colours (#rgb, #rrggbb; an alpha channel is ignored), by colord's a11y plugin.
 * Its figure is floored to two decimals, so it meets a threshold such as 4.5 exactly when the true ratio does.
 * @throws Error naming the value when it is not a colour
 */
export function contrast(a: string, b: string): number {
  const [first, second] = [a, b].map((value) => {
    const colour = colord(value.trim());
    if (!colour.isValid()) throw new Error(`not a colour: ${value}`);
    return colour;
  }) as [ReturnType<typeof colord>, ReturnType<typeof colord>];
  return first.contrast(second);
}
