// The sandboxed environment (lua-embedding.md §4): an allowlist of libraries, `load` forced to
// text, no script `__gc`, a seeded `math.random`, guards on the library loops that are C (and so
// beyond the count hook), and `print` / `require` routed to the host.
#include "shim_internal.h"

#define LSX_RANDOM_SEED 0x43686f72656fLL  // "Choreo": every state starts from the same seed
#define LSX_MOVE_LIMIT (1LL << 24)         // elements one table.insert/remove/move may shift

// Calls the original library function (upvalue 1) with the current arguments.
static int call_original(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_rotate(L, 1, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

// load(chunk [, chunkname [, mode [, env]]]): the mode is always "t"; binary chunks can crash
// the interpreter. An absent env stays absent (an explicit nil env means "no globals").
static int sandboxed_load(lua_State *L) {
    if (lua_gettop(L) < 3) lua_settop(L, 3);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    return call_original(L);
}

// setmetatable(t, mt): script finalizers would run at arbitrary allocation points, including
// host-side ones and lua_close. Marking for finalization happens here, so checking here suffices.
static int sandboxed_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "setmetatable: __gc metamethods are not allowed in scenes");
        lua_settop(L, -2);
    }
    return call_original(L);
}

// math.randomseed(x [, y]): reseeding is fine; seeding from the clock is not (scenes replay).
static int sandboxed_randomseed(lua_State *L) {
    if (lua_isnoneornil(L, 1))
        return luaL_error(L, "math.randomseed: give an explicit seed (scenes are deterministic)");
    return call_original(L);
}

// string.rep(s, n [, sep]): with s and sep empty, Lua 5.4.4 loops n times without allocating,
// so neither the memory cap nor the count hook would stop string.rep("", math.maxinteger).
static int guarded_rep(lua_State *L) {
    int is_integer = 0;
    lua_tointegerx(L, 2, &is_integer);  // what luaL_checkinteger accepts, without raising
    int empty_separator = lua_isnoneornil(L, 3) || (lua_type(L, 3) == LUA_TSTRING && lua_rawlen(L, 3) == 0);
    if (lua_type(L, 1) == LUA_TSTRING && lua_rawlen(L, 1) == 0 && empty_separator && is_integer) {
        lua_pushliteral(L, "");
        return 1;
    }
    return call_original(L);
}

// table.insert/remove shift every element up to #t, and table.move copies f..e, in C: a __len
// returning 2^50 or a huge range would loop for hours. Bound the span; real scenes are far below.
static void check_span(lua_State *L, lua_Integer first, lua_Integer last, const char *what) {
    if (last > first && (lua_Unsigned)last - (lua_Unsigned)first >= (lua_Unsigned)LSX_MOVE_LIMIT)
        luaL_error(L, "%s: too many elements to shift (at most %d)", what, (int)LSX_MOVE_LIMIT);
}

static int guarded_move(lua_State *L) {
    check_span(L, luaL_checkinteger(L, 2), luaL_checkinteger(L, 3), "table.move");
    return call_original(L);
}

static int guarded_insert(lua_State *L) {
    if (lua_gettop(L) == 3) check_span(L, luaL_checkinteger(L, 2), luaL_len(L, 1) + 1, "table.insert");
    return call_original(L);
}

static int guarded_remove(lua_State *L) {
    lua_Integer size = luaL_len(L, 1);
    check_span(L, luaL_optinteger(L, 2, size), size, "table.remove");
    return call_original(L);
}

// print(...): tostring of every argument, tab-separated, handed to the host as one string.
static int routed_print(lua_State *L) {
    int n = lua_gettop(L);
    luaL_Buffer buffer;
    luaL_buffinit(L, &buffer);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&buffer, '\t');
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&buffer);
    }
    luaL_pushresult(&buffer);
    lua_rotate(L, 1, 1);  // the line becomes the only argument
    lua_settop(L, 1);
    return lsx_call_host(L, *(void **)lua_touserdata(L, lua_upvalueindex(1)));
}

// require(name): upvalue 1 is the host's module loader, upvalue 2 the cache of loaded modules.
// The loader returns the compiled chunk and the module's canonical name ("lib.easing" for
// "lib/easing" too), or nil and a message. Errors are raised here, so they carry the line of the
// require call. Results are cached under both names, so each file runs once.
static int sandboxed_require(lua_State *L) {
    luaL_checktype(L, 1, LUA_TSTRING);
    lua_settop(L, 1);
    lua_pushvalue(L, 1);
    if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_call(L, 1, 2);  // 2: chunk or nil, 3: canonical name or message
    if (lua_type(L, 2) != LUA_TFUNCTION)
        return luaL_error(L, "%s", lua_type(L, 3) == LUA_TSTRING ? lua_tostring(L, 3) : "require: loader failed");
    lua_pushvalue(L, 3);
    if (lua_rawget(L, lua_upvalueindex(2)) == LUA_TNIL) {
        lua_settop(L, 3);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_call(L, 1, 1);  // the module runs with its name as the argument, like Lua's require
        if (lua_isnil(L, -1)) { lua_settop(L, -2); lua_pushboolean(L, 1); }
        lua_pushvalue(L, 3);
        lua_pushvalue(L, -2);
        lua_rawset(L, lua_upvalueindex(2));
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, -2);
    lua_rawset(L, lua_upvalueindex(2));
    return 1;
}

// Replaces table[name] (table on top) with a C closure holding the original as upvalue 1.
static void wrap_field(lua_State *L, const char *name, lua_CFunction wrapper) {
    lua_getfield(L, -1, name);
    lua_pushcclosure(L, wrapper, 1);
    lua_setfield(L, -2, name);
}

static void push_box_function(lua_State *L, lua_CFunction f, void *box) {
    lsx_push_slot(L, box, &lsx_box_metatable_key);
    lua_pushcclosure(L, f, 1);
}

static const luaL_Reg allowed_libraries[] = {
    {LUA_GNAME, luaopen_base},        {LUA_TABLIBNAME, luaopen_table},
    {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
    {LUA_UTF8LIBNAME, luaopen_utf8},  {LUA_COLIBNAME, luaopen_coroutine},
    {NULL, NULL},
};

// Runs protected (from lsx_open_sandbox), so raising calls are fine here.
static int open_sandbox(lua_State *L) {
    void *print_box = lua_touserdata(L, 1), *require_box = lua_touserdata(L, 2);
    lua_settop(L, 0);

    lua_createtable(L, 0, 2);  // metatable of the 8-byte boxes behind host functions
    lua_pushcfunction(L, lsx_box_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &lsx_box_metatable_key);
    lua_newtable(L);  // host object -> its userdata, weak values (one userdata per live object)
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &lsx_object_cache_key);

    for (const luaL_Reg *lib = allowed_libraries; lib->func; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_settop(L, 0);
    }
    lua_pushglobaltable(L);
    const char *removed[] = {"dofile", "loadfile", "collectgarbage", "warn", NULL};
    for (const char **name = removed; *name; name++) {
        lua_pushnil(L);
        lua_setfield(L, 1, *name);
    }
    wrap_field(L, "load", sandboxed_load);
    wrap_field(L, "setmetatable", sandboxed_setmetatable);
    push_box_function(L, routed_print, print_box);
    lua_setfield(L, 1, "print");
    lsx_pushfunction(L, require_box);  // the loader: reachable only as require's upvalue
    lua_newtable(L);
    lua_pushcclosure(L, sandboxed_require, 2);
    lua_setfield(L, 1, "require");

    lua_getfield(L, 1, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    wrap_field(L, "rep", guarded_rep);
    lua_settop(L, 1);
    lua_getfield(L, 1, LUA_TABLIBNAME);
    wrap_field(L, "move", guarded_move);
    wrap_field(L, "insert", guarded_insert);
    wrap_field(L, "remove", guarded_remove);
    lua_settop(L, 1);
    lua_getfield(L, 1, LUA_MATHLIBNAME);
    lua_getfield(L, -1, "randomseed");
    lua_pushinteger(L, LSX_RANDOM_SEED);
    lua_call(L, 1, 0);
    wrap_field(L, "randomseed", sandboxed_randomseed);
    lua_settop(L, 1);

    lua_pushliteral(L, "");  // lock the string metatable: getmetatable("") gives "locked"
    lua_getmetatable(L, -1);
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_settop(L, 0);
    return 0;
}

int lsx_open_sandbox(lua_State *L, void *print_box, void *require_box) {
    lua_pushcclosure(L, open_sandbox, 0);
    lua_pushlightuserdata(L, print_box);
    lua_pushlightuserdata(L, require_box);
    return lua_pcall(L, 2, 0, 0);
}
