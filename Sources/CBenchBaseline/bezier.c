// The C twin of ChoreoCore's CubicBezierCurve (Sources/ChoreoCore/Timing/CubicBezierCurve.swift):
// the same coefficients, sample-table seed, Newton steps, epsilon and bisection fallback, so
// `bezier-solve` compares the Swift solver's code generation with C's on identical work.
#include "CBenchBaseline.h"
#include <math.h>

static const double parameter_epsilon = 1e-10;

cbb_bezier cbb_bezier_make(double c1x, double c1y, double c2x, double c2y) {
    cbb_bezier b;
    b.cx = 3 * c1x;
    b.bx = 3 * (c2x - c1x) - b.cx;
    b.ax = 1 - b.cx - b.bx;
    b.cy = 3 * c1y;
    b.by = 3 * (c2y - c1y) - b.cy;
    b.ay = 1 - b.cy - b.by;
    b.is_linear = c1x == c1y && c2x == c2y;
    for (int i = 0; i < 11; i++) {
        double s = (double)i / 10;
        b.samples[i] = ((b.ax * s + b.bx) * s + b.cx) * s;
    }
    return b;
}

static inline double sample_x(const cbb_bezier *b, double s) { return ((b->ax * s + b->bx) * s + b->cx) * s; }
static inline double sample_y(const cbb_bezier *b, double s) { return ((b->ay * s + b->by) * s + b->cy) * s; }
static inline double sample_dx(const cbb_bezier *b, double s) { return (3 * b->ax * s + 2 * b->bx) * s + b->cx; }

static inline double solve_parameter(const cbb_bezier *b, double x) {
    int i = 1;
    double x0 = b->samples[0], x1 = b->samples[1];
    for (int k = 2; k <= 10; k++) {
        if (!(x1 < x)) break;
        i = k; x0 = x1; x1 = b->samples[k];
    }
    double s = ((double)(i - 1) + (x1 > x0 ? (x - x0) / (x1 - x0) : 0)) / 10;
    for (int k = 0; k < 8; k++) {
        double dx = sample_dx(b, s);
        if (fabs(dx) < 1e-7) break;
        double step = (sample_x(b, s) - x) / dx;
        s -= step;
        if (fabs(step) < parameter_epsilon) {
            if (s >= 0 && s <= 1) return s;
            break;
        }
    }
    double lo = 0, hi = 1;
    s = x;
    while (hi - lo > parameter_epsilon) {
        double value = sample_x(b, s);
        if (value == x) return s;
        if (value < x) lo = s; else hi = s;
        s = (lo + hi) / 2;
    }
    return s;
}

static inline double progress_within(const cbb_bezier *b, double t) {
    if (b->is_linear) return t;
    return sample_y(b, solve_parameter(b, t));
}

double cbb_bezier_progress(const cbb_bezier *b, double t) {
    if (!(t > 0)) return progress_within(b, 0);
    if (!(t < 1)) return 1;
    return progress_within(b, t);
}

double cbb_bezier_loop(const cbb_bezier curves[2], const double *inputs, size_t mask, long count) {
    double sum = 0;
    for (long i = 0; i < count; i++) sum += cbb_bezier_progress(&curves[i & 1], inputs[(size_t)i & mask]);
    return sum;
}

double cbb_bezier_reference(double c1x, double c1y, double c2x, double c2y, double t) {
    if (!(t > 0)) return 0;
    if (!(t < 1)) return 1;
    long double lo = 0, hi = 1;
    for (int k = 0; k < 200 && lo < hi; k++) {
        long double s = (lo + hi) / 2, u = 1 - s;
        long double x = 3 * u * u * s * c1x + 3 * u * s * s * c2x + s * s * s;
        if (x < t) lo = s; else hi = s;
        if (s == lo && s == hi) break;
    }
    long double s = (lo + hi) / 2, u = 1 - s;
    return (double)(3 * u * u * s * c1y + 3 * u * s * s * c2y + s * s * s);
}
