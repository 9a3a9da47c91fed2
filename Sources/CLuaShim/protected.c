// The library's catchers, made unable to swallow the instruction limit's kill, and coroutines
// charged for the instructions the count hook cannot see. `pcall`, `xpcall`, `coroutine.resume`,
// `coroutine.wrap`'s function, `coroutine.close` and `load` (its reader runs protected) all catch
// errors; each is wrapped to raise the kill again when it caught one, so the kill reaches the
// host whatever the script wraps it in. Each coroutine also pays the hook interval the first time
// it runs in a turn (`lsx_charge_thread`): together with the sticky hook, the budget is a true
// bound on the instructions of a turn across all its coroutines.
#include "shim_internal.h"

static const char xpcall_name[] = "xpcall";

// The continuation of a wrapped catcher: its results are the stack from index 1.
static int after_catcher(lua_State *L, int status, lua_KContext context) {
    (void)status;
    (void)context;
    lsx_check_kill(L);
    return lua_gettop(L);
}

// pcall / xpcall: the original (upvalue 1) runs with a continuation, so a coroutine may still
// yield inside the protected function. Argument errors are raised by the wrapper, which the
// live global table names ('pcall').
static int guarded_catcher(lua_State *L) {
    luaL_checkany(L, 1);
    if (lua_touserdata(L, lua_upvalueindex(2)) == (void *)xpcall_name) luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_rotate(L, 1, 1);
    lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, after_catcher);
    return after_catcher(L, LUA_OK, 0);
}

// coroutine.resume(co, ...): charged once per turn, and the kill is raised again in the resumer.
static int guarded_resume(lua_State *L) {
    lsx_charge_thread(L, 1, "coroutine.resume");
    int results = lsx_call_original(L);
    lsx_check_kill(L);
    return results;
}

// The function coroutine.wrap returns: upvalue 1 is the library's (whose upvalue 1 is the
// coroutine). Its errors propagate unchanged; a kill is raised again with its own message.
static int guarded_wrapped(lua_State *L) {
    lua_getupvalue(L, lua_upvalueindex(1), 1);
    lsx_charge_thread(L, -1, "coroutine.wrap");
    lua_settop(L, -2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_rotate(L, 1, 1);
    int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    lsx_check_kill(L);
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}

static int guarded_wrap(lua_State *L) {
    lsx_call_original(L);
    lua_settop(L, 1);  // the library's function
    lua_pushcclosure(L, guarded_wrapped, 1);
    return 1;
}

// coroutine.close: a plain call of the original, then the check.
static int guarded_call(lua_State *L) {
    int results = lsx_call_original(L);
    lsx_check_kill(L);
    return results;
}

void lsx_wrap_catchers(lua_State *L) {
    int globals = lua_gettop(L);  // the global table is on top
    lsx_wrap_field(L, globals, "pcall", guarded_catcher, "pcall");
    lsx_wrap_field(L, globals, "xpcall", guarded_catcher, xpcall_name);
    lua_getfield(L, globals, LUA_COLIBNAME);
    int coroutines = lua_gettop(L);
    lsx_wrap_field(L, coroutines, "resume", guarded_resume, "coroutine.resume");
    lsx_wrap_field(L, coroutines, "wrap", guarded_wrap, "coroutine.wrap");
    lsx_wrap_field(L, coroutines, "close", guarded_call, "coroutine.close");
    lua_settop(L, globals);
}
