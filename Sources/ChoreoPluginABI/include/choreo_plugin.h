/*
 * choreo_plugin.h — the native timing-provider plugin ABI of Choreo.
 *
 * A native plugin is a shared library (libNAME.so) that exports one C function,
 *
 *     const choreo_plugin_descriptor *choreo_plugin_entry(void);
 *
 * returning a descriptor that lives as long as the library stays loaded. The host checks
 * `abi_version` against CHOREO_PLUGIN_ABI_VERSION before it reads anything else, and refuses a
 * descriptor that is invalid (no name, a duplicate provider, a NaN default) with a clear message.
 *
 * Everything is plain C: no allocation crosses the boundary, no callback may longjmp or throw.
 * A provider maps a time fraction t in [0, 1] to progress (0 at t = 0, 1 at t = 1 for an easing;
 * it may overshoot). `params` points to `param_count` doubles, in the order of `param_names`,
 * filled with the defaults unless a scene overrides them.
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

typedef struct choreo_provider {
    /** The provider's name inside its plugin ("easeOutBounce"); used as "plugin.provider". */
    const char *name;
    /** Number of parameters, and their names and default values (arrays of `param_count`). */
    int param_count;
    const char *const *param_names;
    const double *param_defaults;
    /** Progress at time fraction t. Required. */
    double (*progress)(const double *params, double t);
    /** d progress / d t at time fraction t, or NULL when the host should differentiate. */
    double (*velocity)(const double *params, double t);
    /** The curve's own duration in seconds (physics curves), or NULL when it has none. */
    double (*duration)(const double *params);
} choreo_provider;

typedef struct choreo_plugin_descriptor {
    /** Must equal CHOREO_PLUGIN_ABI_VERSION of the header the plugin was built with. */
    int abi_version;
    /** The plugin's name ("penner") and version ("1.0.0"). */
    const char *name;
    const char *version;
    /** The providers, `provider_count` of them. */
    int provider_count;
    const choreo_provider *providers;
} choreo_plugin_descriptor;

typedef const choreo_plugin_descriptor *(*choreo_plugin_entry_fn)(void);

/** The ABI version the host was built with (for hosts that load this header dynamically). */
int choreo_plugin_host_abi_version(void);

#ifdef __cplusplus
}
#endif

#endif /* CHOREO_PLUGIN_H */
