/** A press of "Copy page" (a new object each time, so each press is acted on once) or of the menu button. */
export interface CopyPageRequest {
  kind: 'copy' | 'menu';
}
