/**
 * A mock answer the test releases by hand. A test that checks what the screen shows while a call
 * is under way (a disabled button, "Saving…") holds the answer until it has looked, instead of a
 * fixed delay that a busy machine outruns.
 */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { wait: () => opened, open };
}
