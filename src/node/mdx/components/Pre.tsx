/** Code outside fences (raw <pre> in JSX) scrolls sideways too: reachable by keyboard (WCAG 2.1.1). */
export function Pre(props: Record<string, unknown>) {
  return <pre {...props} tabIndex={0} />;
}
