// CBenchBaseline: C baselines that choreo-bench measures in the same run as the Swift code, so a
// noisy machine still gives meaningful ratios. Compiled with -O2 (Package.swift).
#ifndef CBENCHBASELINE_H
#define CBENCHBASELINE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A cubic Bézier timing curve prepared the way ChoreoCore's CubicBezierCurve is (Chromium's
/// UnitBezier): polynomial coefficients and an 11-entry table of x(s) at s = 0, 0.1, ..., 1.
typedef struct cbb_bezier {
    double ax, bx, cx, ay, by, cy;
    double samples[11];
    int is_linear;
} cbb_bezier;

cbb_bezier cbb_bezier_make(double c1x, double c1y, double c2x, double c2y);
/// Progress at t, clamped as TimingCurve.progress(at:) is: Newton from the sample-table seed
/// (8 steps, stop when a step is under 1e-10), bisection to 1e-10 as the fallback.
double cbb_bezier_progress(const cbb_bezier *curve, double t);
/// Sum of `count` evaluations, alternating between curves[0] and curves[1], on inputs[i & mask];
/// the same loop choreo-bench runs in Swift.
double cbb_bezier_loop(const cbb_bezier curves[2], const double *inputs, size_t mask, long count);
/// The exact progress, in long double: bisection on the curve parameter to the last bit.
double cbb_bezier_reference(double c1x, double c1y, double c2x, double c2y, double t);

/// Nanoseconds per raw `lua_pcall` of the function `source` returns (a chunk like "return
/// function(t) ... end"), called `count` times with one number argument from inputs[i & mask],
/// its number result read with `lua_tonumberx`. `sandboxed` 0: a plain `luaL_newstate`; 1: a
/// state made as ChoreoLua makes its own (`lsx_newstate`, the capped allocator and the
/// instruction-count hook armed); 2: sandboxed, and each call made as ChoreoLua makes it (`lsx_arm`, the
/// traceback handler pushed, `lsx_pcall_handled`), not raw. Returns a negative number if the chunk fails.
double cbb_lua_pcall_ns(const char *source, int sandboxed, const double *inputs, size_t mask, long count);

/// The usable size of the heap block at `pointer` (glibc's malloc_usable_size); 0 for NULL.
size_t cbb_heap_block_size(const void *pointer);

/// Seconds of CLOCK_MONOTONIC.
double cbb_monotonic_seconds(void);

#ifdef __cplusplus
}
#endif
#endif
