/*
 * penner — Robert Penner's easing equations (2001), as the native Choreo plugin `penner`.
 *
 * Ten families — quad, cubic, quart, quint, sine, expo, circ, back, elastic, bounce — each as
 * easeIn, easeOut, easeInOut and easeOutIn: `penner.easeOutBounce`, `penner.easeInOutBack`, ...
 * Penner wrote each as f(t, b, c, d); with b = 0, c = 1, d = 1 they are functions of the time
 * fraction t. easeOut(t) = 1 − easeIn(1 − t) (and exactly 0 at t = 0), easeInOut runs easeIn over the first half and
 * easeOut over the second, easeOutIn the other way round — which is exactly Penner's closed
 * forms for every family but elastic, written out below as he gave it.
 *
 * Parameters: back's `overshoot` (Penner's s, default 1.70158, about 10% overshoot; easeInOutBack
 * uses s × 1.525 as Penner's does); elastic's `amplitude` (default 1; values below 1 act as 1, as
 * in Penner's code) and `period` (a fraction of the duration: 0.3, and 0.45 for easeInOutElastic).
 * The power families and sine give their velocity in closed form; the host differentiates the rest.
 */
#include <math.h>
#include <stddef.h>
#include "penner.h"

#define UNUSED(p) (void)(p)

/* --- easeIn of each family ------------------------------------------------------------------ */

static double in_quad(const double *p, double t) { UNUSED(p); return t * t; }
static double in_cubic(const double *p, double t) { UNUSED(p); return t * t * t; }
static double in_quart(const double *p, double t) { UNUSED(p); return t * t * t * t; }
static double in_quint(const double *p, double t) { UNUSED(p); return t * t * t * t * t; }
static double in_sine(const double *p, double t) { UNUSED(p); return 1 - cos(t * M_PI / 2); }
static double in_expo(const double *p, double t) { UNUSED(p); return t == 0 ? 0 : pow(2, 10 * (t - 1)); }
static double in_circ(const double *p, double t) { UNUSED(p); return 1 - sqrt(fmax(0, 1 - t * t)); }
/* p[0] = overshoot */
static double in_back(const double *p, double t) { return t * t * ((p[0] + 1) * t - p[0]); }

static double out_bounce_raw(double t) {
    const double n = 7.5625, d = 2.75;
    if (t < 1 / d) return n * t * t;
    if (t < 2 / d) { t -= 1.5 / d; return n * t * t + 0.75; }
    if (t < 2.5 / d) { t -= 2.25 / d; return n * t * t + 0.9375; }
    t -= 2.625 / d;
    return n * t * t + 0.984375;
}
static double in_bounce(const double *p, double t) { UNUSED(p); return 1 - out_bounce_raw(1 - t); }

/* Elastic, as Penner wrote it: p[0] = amplitude a, p[1] = period; s is the phase shift. */
static double elastic_phase(double *a, double period) {
    if (*a < 1) { *a = 1; return period / 4; }
    return period / (2 * M_PI) * asin(1 / *a);
}
static double in_elastic(const double *p, double t) {
    if (t == 0) return 0;
    if (t == 1) return 1;
    double a = p[0], s = elastic_phase(&a, p[1]);
    t -= 1;
    return -(a * pow(2, 10 * t) * sin((t - s) * (2 * M_PI) / p[1]));
}
static double out_elastic(const double *p, double t) {
    if (t == 0) return 0;
    if (t == 1) return 1;
    double a = p[0], s = elastic_phase(&a, p[1]);
    return a * pow(2, -10 * t) * sin((t - s) * (2 * M_PI) / p[1]) + 1;
}
static double inout_elastic(const double *p, double t) {
    if (t == 0) return 0;
    if (t == 1) return 1;
    double a = p[0], s = elastic_phase(&a, p[1]);
    t = 2 * t - 1;
    if (t < 0) return -0.5 * (a * pow(2, 10 * t) * sin((t - s) * (2 * M_PI) / p[1]));
    return a * pow(2, -10 * t) * sin((t - s) * (2 * M_PI) / p[1]) * 0.5 + 1;
}
static double outin_elastic(const double *p, double t) {
    return t < 0.5 ? out_elastic(p, 2 * t) / 2 : 0.5 + in_elastic(p, 2 * t - 1) / 2;
}

/* --- easeOut, easeInOut and easeOutIn from easeIn ---------------------------------------------- */

#define DERIVED_OUT(F) \
    static double out_##F(const double *p, double t) { return t <= 0 ? 0 : 1 - in_##F(p, 1 - t); }
#define DERIVED_HALVES(F) \
    static double inout_##F(const double *p, double t) { \
        return t < 0.5 ? in_##F(p, 2 * t) / 2 : 1 - in_##F(p, 2 - 2 * t) / 2; } \
    static double outin_##F(const double *p, double t) { \
        return t < 0.5 ? out_##F(p, 2 * t) / 2 : 0.5 + in_##F(p, 2 * t - 1) / 2; }
#define DERIVED(F) DERIVED_OUT(F) DERIVED_HALVES(F)

DERIVED(quad) DERIVED(cubic) DERIVED(quart) DERIVED(quint) DERIVED(sine) DERIVED(expo) DERIVED(circ)
DERIVED(bounce)
DERIVED_OUT(back)
static double inout_back(const double *p, double t) {
    const double s = p[0] * 1.525;  /* Penner's easeInOutBack overshoots by s × 1.525 */
    return t < 0.5 ? in_back(&s, 2 * t) / 2 : 1 - in_back(&s, 2 - 2 * t) / 2;
}
static double outin_back(const double *p, double t) {
    return t < 0.5 ? out_back(p, 2 * t) / 2 : 0.5 + in_back(p, 2 * t - 1) / 2;
}

/* --- Velocities in closed form (power families and sine) ----------------------------------- */

static double din_quad(const double *p, double t) { UNUSED(p); return 2 * t; }
static double din_cubic(const double *p, double t) { UNUSED(p); return 3 * t * t; }
static double din_quart(const double *p, double t) { UNUSED(p); return 4 * t * t * t; }
static double din_quint(const double *p, double t) { UNUSED(p); return 5 * t * t * t * t; }
static double din_sine(const double *p, double t) { UNUSED(p); return M_PI / 2 * sin(t * M_PI / 2); }

#define VELOCITIES(F) \
    static double dout_##F(const double *p, double t) { return din_##F(p, 1 - t); } \
    static double dinout_##F(const double *p, double t) { return t < 0.5 ? din_##F(p, 2 * t) : din_##F(p, 2 - 2 * t); } \
    static double doutin_##F(const double *p, double t) { return t < 0.5 ? dout_##F(p, 2 * t) : din_##F(p, 2 * t - 1); }

VELOCITIES(quad) VELOCITIES(cubic) VELOCITIES(quart) VELOCITIES(quint) VELOCITIES(sine)

/* --- Parameters ----------------------------------------------------------------------------- */

static const char *const back_names[] = {"overshoot"};
static const double back_defaults[] = {1.70158};
static const char *const elastic_names[] = {"amplitude", "period"};
static const double elastic_defaults[] = {1, 0.3};
static const double elastic_inout_defaults[] = {1, 0.45};

static const char *check_elastic(const double *p) {
    return p[1] > 0 ? NULL : "period must be > 0 (a fraction of the duration, such as 0.3)";
}

/* --- The descriptor ------------------------------------------------------------------------- */

#define PLAIN(NAME, F) {NAME, 0, NULL, NULL, F, NULL, NULL, NULL, 0}
#define FAST(NAME, F, V) {NAME, 0, NULL, NULL, F, V, NULL, NULL, 0}
#define POWER(F, LABEL) \
    FAST("easeIn" LABEL, in_##F, din_##F), FAST("easeOut" LABEL, out_##F, dout_##F), \
    FAST("easeInOut" LABEL, inout_##F, dinout_##F), FAST("easeOutIn" LABEL, outin_##F, doutin_##F)
#define FOUR(F, LABEL) \
    PLAIN("easeIn" LABEL, in_##F), PLAIN("easeOut" LABEL, out_##F), \
    PLAIN("easeInOut" LABEL, inout_##F), PLAIN("easeOutIn" LABEL, outin_##F)
#define BACK(NAME, F) {NAME, 1, back_names, back_defaults, F, NULL, NULL, NULL, 0}
#define ELASTIC(NAME, F, DEFAULTS) {NAME, 2, elastic_names, DEFAULTS, F, NULL, NULL, check_elastic, 0}

static const choreo_provider providers[] = {
    POWER(quad, "Quad"), POWER(cubic, "Cubic"), POWER(quart, "Quart"), POWER(quint, "Quint"),
    POWER(sine, "Sine"),
    FOUR(expo, "Expo"), FOUR(circ, "Circ"),
    BACK("easeInBack", in_back), BACK("easeOutBack", out_back),
    BACK("easeInOutBack", inout_back), BACK("easeOutInBack", outin_back),
    ELASTIC("easeInElastic", in_elastic, elastic_defaults), ELASTIC("easeOutElastic", out_elastic, elastic_defaults),
    ELASTIC("easeInOutElastic", inout_elastic, elastic_inout_defaults),
    ELASTIC("easeOutInElastic", outin_elastic, elastic_defaults),
    FOUR(bounce, "Bounce"),
};

static const choreo_plugin_descriptor descriptor = {
    CHOREO_PLUGIN_ABI_VERSION, "penner", "1.0.0", (int)(sizeof providers / sizeof providers[0]), providers,
};

const choreo_plugin_descriptor *choreo_plugin_entry(void) { return &descriptor; }
