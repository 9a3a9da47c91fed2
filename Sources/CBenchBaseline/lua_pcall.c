// The raw cost of calling a Lua function from C: the baseline of choreo-bench's `lua-curve`.
#include "CBenchBaseline.h"
#include <CLuaShim.h>
#include <time.h>

double cbb_monotonic_seconds(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return (double)spec.tv_sec + (double)spec.tv_nsec * 1e-9;
}

double cbb_lua_pcall_ns(const char *source, int sandboxed, const double *inputs, size_t mask, long count) {
    lua_State *L = sandboxed ? lsx_newstate((size_t)256 << 20, NULL, NULL, NULL) : luaL_newstate();
    if (!L) return -1;
    if (sandboxed) lsx_arm(L, (long long)1 << 60);  // ChoreoLua arms the count hook before each turn
    double result = -1;
    if (luaL_loadstring(L, source) == LUA_OK && lua_pcall(L, 0, 1, 0) == LUA_OK && lua_isfunction(L, -1)) {
        int function = lua_gettop(L);
        int failed = 0;
        double start = cbb_monotonic_seconds();
        for (long i = 0; i < count; i++) {
            if (sandboxed == 2) {
                lsx_arm(L, (long long)1 << 60);
                lsx_pushmessagehandler(L);
                lua_pushvalue(L, function);
                lua_pushnumber(L, inputs[(size_t)i & mask]);
                if (lsx_pcall_handled(L, 1, LUA_MULTRET) != LSX_OK) { failed = 1; break; }
                (void)lua_tonumberx(L, function + 2, NULL);
                lua_settop(L, function);
                continue;
            }
            lua_pushvalue(L, function);
            lua_pushnumber(L, inputs[(size_t)i & mask]);
            if (lua_pcall(L, 1, 1, 0) != LUA_OK) { failed = 1; break; }
            (void)lua_tonumberx(L, -1, NULL);
            lua_settop(L, function);
        }
        double elapsed = cbb_monotonic_seconds() - start;
        if (!failed) result = elapsed / (double)count * 1e9;
    }
    if (sandboxed) lsx_close(L); else lua_close(L);
    return result;
}
