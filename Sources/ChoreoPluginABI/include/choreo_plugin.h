/*
 * choreo_plugin.h — the native timing-provider plugin ABI of Choreo (version 1).
 *
 * A native plugin is a shared library (libNAME.so) that exports one C function,
 *
 *     const choreo_plugin_descriptor *choreo_plugin_entry(void);
 *
 * returning a descriptor that lives as long as the library stays loaded (a static constant).
 * The host calls it once, reads `abi_version` before anything else and refuses a plugin built
 * against another version; then it refuses a descriptor that is invalid, with a message naming
 * the library: no name, a name that is not the library's (`libpenner.so` must say "penner"), no
 * version, no providers, a provider without a name or a progress function, two providers with
 * one name, a parameter without a name, two parameters with one name, a default that is not a
 * finite number, or a provider whose progress at its defaults is not finite.
 *
 * Everything is plain C: no allocation crosses the boundary, and no function may longjmp, throw,
 * block, or keep state between calls — the host may call them from any thread, at any time.
 *
 * A provider maps a time fraction t in [0, 1] to progress: 0 at t = 0 and 1 at t = 1 for an
 * easing (it may overshoot in between), unless it sets CHOREO_PROVIDER_FREE_ENDPOINTS.
 * `params` points to `param_count` doubles in the order of `param_names`: the defaults, with the
 * values a scene gives by name in their place (`{"penner.easeOutBack", overshoot = 2}`).
 * A provider that can refuse some parameter values (a period must be > 0) says why in `check`.
 *
 *     static const char *const back_names[] = { "overshoot" };
 *     static const double back_defaults[] = { 1.70158 };
 *     static double ease_out_back(const double *p, double t) { ... }
 *     static const choreo_provider providers[] = {
 *         { "easeOutBack", 1, back_names, back_defaults, ease_out_back, NULL, NULL, NULL, 0 },
 *     };
 *     static const choreo_plugin_descriptor descriptor = {
 *         CHOREO_PLUGIN_ABI_VERSION, "penner", "1.0.0", 1, providers,
 *     };
 *     const choreo_plugin_descriptor *choreo_plugin_entry(void) { return &descriptor; }
 *
 * Plugins/README.md is the guide (C and Swift with @_cdecl); Plugins/penner (C) and
 * Plugins/physics (Swift) are complete examples.
 */
#ifndef CHOREO_PLUGIN_H
#define CHOREO_PLUGIN_H

#ifdef __cplusplus
extern "C" {
#endif

/** Bumped on every incompatible change to the structures below. */
#define CHOREO_PLUGIN_ABI_VERSION 1

/** The name of the one symbol a native plugin exports. */
#define CHOREO_PLUGIN_ENTRY_SYMBOL "choreo_plugin_entry"

/** Provider flag: progress(0) and progress(1) need not be 0 and 1 (`choreo plugins check`
 *  then skips the endpoint test; animations still end on their to-value). */
#define CHOREO_PROVIDER_FREE_ENDPOINTS 1u

typedef struct choreo_provider {
    /** The provider's name inside its plugin ("easeOutBounce"); scenes use "plugin.provider". */
    const char *name;
    /** Number of parameters (0...64), and their names and default values (arrays of `param_count`). */
    int param_count;
    const char *const *param_names;
    const double *param_defaults;
    /** Progress at time fraction t. Required. */
    double (*progress)(const double *params, double t);
    /** d progress / d t at time fraction t, or NULL when the host should differentiate. */
    double (*velocity)(const double *params, double t);
    /** The curve's own duration in seconds (physics curves), or NULL when it takes the
     *  animation's duration. Must be finite and > 0. */
    double (*duration)(const double *params);
    /** Checks parameter values a scene gives: returns NULL when they are fine, else a static
     *  message saying what is wrong ("period must be > 0"). NULL when every value is fine. */
    const char *(*check)(const double *params);
    /** CHOREO_PROVIDER_* flags, or 0. */
    unsigned flags;
} choreo_provider;

typedef struct choreo_plugin_descriptor {
    /** Must equal CHOREO_PLUGIN_ABI_VERSION of the header the plugin was built with. */
    int abi_version;
    /** The plugin's name ("penner": the library is libpenner.so) and version ("1.0.0"). */
    const char *name;
    const char *version;
    /** The providers, `provider_count` (1...10000) of them. */
    int provider_count;
    const choreo_provider *providers;
} choreo_plugin_descriptor;

/** The type of `choreo_plugin_entry`. */
typedef const choreo_plugin_descriptor *(*choreo_plugin_entry_fn)(void);

/** The ABI version the host was built with. */
int choreo_plugin_host_abi_version(void);

#ifdef __cplusplus
}
#endif

#endif /* CHOREO_PLUGIN_H */
