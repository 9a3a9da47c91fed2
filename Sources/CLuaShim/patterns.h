// Private to the shim: the counted copy of Lua 5.4.4's pattern matcher (pattern_match.c) and the
// string functions built on it (patterns.c).
#ifndef CLUASHIM_PATTERNS_H
#define CLUASHIM_PATTERNS_H
#include "shim_internal.h"

#define LUA_MAXCAPTURES 32
#define MAXCCALLS 200  // recursion depth of 'lsx_match' (C stack)
#define L_ESC '%'
#define SPECIALS "^$*+?.([%-"
#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)
#define LSX_MATCH_CHUNK 4096  // steps between two charges to the budget
#define uchar(c) ((unsigned char)(c))
#define lua_assert(c) ((void)0)
#ifndef l_unlikely
#define l_unlikely(x) __builtin_expect(((x) != 0), 0)
#endif

typedef struct MatchState {
    const char *src_init;  // init of source string
    const char *src_end;   // end ('\0') of source string
    const char *p_end;     // end ('\0') of pattern
    lua_State *L;
    int matchdepth;        // control for recursive depth (to avoid C stack overflow)
    unsigned char level;   // total number of captures (finished or unfinished)
    struct {
        const char *init;
        ptrdiff_t len;
    } capture[LUA_MAXCAPTURES];
    long long steps;       // steps not yet charged
    const char *what;      // "string.find": names the function in the limit's error
} MatchState;

/// Counts `n` steps of matching work; every LSX_MATCH_CHUNK steps they are charged.
#define STEP(ms, n) do { if (l_unlikely(((ms)->steps += (n)) >= LSX_MATCH_CHUNK)) lsx_match_refuel(ms); } while (0)

/// Charges the uncharged steps (raising the kill when the budget is gone).
void lsx_match_refuel(MatchState *ms);
/// Lua's 'match': the end of the match of pattern `p` at `s`, or NULL.
const char *lsx_match(MatchState *ms, const char *s, const char *p);

#endif
