/**
 * The frame of every screen behind sign-in, in chunks of its own (issue 13): the guarding layout,
 * the side navigation and the user menu. The router waits for all three before it shows a
 * signed-in screen (the loading shell stays meanwhile), so that no screen appears without its
 * navigation; the root layout and the header then find them loaded.
 */
export async function loadSignedInFrame() {
  const [layout] = await Promise.all([
    import('./protected-layout'),
    import('./side-nav'),
    import('./user-menu'),
  ]);
  return layout.ProtectedLayout;
}
