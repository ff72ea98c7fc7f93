/** Runs `check` with console.error silenced (React's reports of render errors a test causes and catches on purpose). */
export function quietly<T>(check: () => T): T {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    return check();
  } finally {
    spy.mockRestore();
  }
}
