/**
 * The general registry's public face (a part of the applications module with its own face,
 * because it writes beneficiaries and real estates through their modules, which depend on the
 * applications module: wired in app.ts, not re-exported from the applications index, so no
 * import cycle forms).
 */
