// The sandboxed environment (lua-embedding.md §4): an allowlist of libraries, `load` forced to
// text, no script `__gc`, a seeded `math.random`, `print` / `require` routed to the host, and the
// wrappers that keep the limits (protected.c: catchers; guards.c: C work; patterns.c: the
// counted matcher), with the library functions named for their errors.
#include "shim_internal.h"

#define LSX_RANDOM_SEED 0x43686f72656fLL  // "Choreo": every state starts from the same seed

//
// The original runs protected so that its errors keep the caller's position: called directly,
// `luaL_argerror` would name the wrapper (a C function, no line) as where the error happened, so
// `string.format("%d", {})` in a scene said no `file:line`. A message without a position gets
// the Lua caller's (level 1: the line that called the wrapper), as Lua's own library gives it.
// A kill raised inside (a comparator's loop) stays the kill; a memory error stays a memory error:
// asking for a block the cap refuses raises LUA_ERRMEM again (lua_error would make it a runtime
// error).
int lsx_call_original(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_rotate(L, 1, 1);
    int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    if (status == LUA_OK) return lua_gettop(L);
    lsx_check_kill(L);
    lsx_sandbox *sb = SB(L);
    if (status == LUA_ERRMEM && sb->limit && sb->in_lua) {
        lua_settop(L, 0);
        lua_newuserdatauv(L, sb->limit, 0);  // refused by the cap: raises LUA_ERRMEM
    }
    size_t length;
    if (lua_type(L, -1) == LUA_TSTRING) {
        const char *message = lua_tolstring(L, -1, &length);
        if (!lsx_has_position(message, length)) {
            luaL_where(L, 1);
            lua_rotate(L, -2, 1);
            lua_concat(L, 2);
        }
    }
    return lua_error(L);
}

// load(chunk [, chunkname [, mode [, env]]]): the mode is always "t"; binary chunks can crash
// the interpreter. An absent env stays absent (an explicit nil env means "no globals"). A reader
// function runs protected: a kill inside it is raised again.
static int sandboxed_load(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING && lua_type(L, 1) != LUA_TNUMBER) luaL_checktype(L, 1, LUA_TFUNCTION);
    luaL_optstring(L, 2, NULL);  // argument errors raised here name 'load' (see name_library_functions)
    if (lua_gettop(L) < 3) lua_settop(L, 3);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    int results = lsx_call_original(L);
    lsx_check_kill(L);
    return results;
}

// setmetatable(t, mt): script finalizers would run at arbitrary allocation points, including
// host-side ones and lua_close. Marking for finalization happens here, so checking here suffices.
static int sandboxed_setmetatable(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, lua_type(L, 2) == LUA_TNIL || lua_type(L, 2) == LUA_TTABLE, 2, "nil or table");
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "setmetatable: __gc metamethods are not allowed in scenes");
        lua_settop(L, -2);
    }
    return lsx_call_original(L);
}

// math.randomseed(x [, y]): reseeding is fine; seeding from the clock is not (scenes replay).
static int sandboxed_randomseed(lua_State *L) {
    if (lua_isnoneornil(L, 1))
        return luaL_error(L, "math.randomseed: give an explicit seed (scenes are deterministic)");
    return lsx_call_original(L);
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
    return lsx_call_host(L, lsx_toboxed(L, lua_upvalueindex(1)));  // a host function's slot
}

// The host's hook for modules that return nothing (registry field LSX_MODULE_HOOK, set by
// `lsx_set_module_hook`): called as hook(name) before a module runs, it returns a mark; called
// as hook(name, mark) after a module that returned nothing, what it returns replaces Lua's `true`
// (nil keeps `true`). A scene file returns nothing, and `require` gives the scene it made.
static void push_module_hook_result(lua_State *L, int name, int mark) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, LSX_MODULE_HOOK) != LUA_TFUNCTION) {
        lua_settop(L, -2);
        lua_pushnil(L);
        return;
    }
    lua_pushvalue(L, name);
    if (mark) lua_pushvalue(L, mark);
    lua_call(L, mark ? 2 : 1, 1);
}

void lsx_set_module_hook(lua_State *L, void *box) {
    lsx_pushfunction(L, box);
    lua_setfield(L, LUA_REGISTRYINDEX, LSX_MODULE_HOOK);
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
        push_module_hook_result(L, 3, 0);  // 4: the host's mark
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_call(L, 1, 1);  // the module runs with its name as the argument, like Lua's require
        if (lua_isnil(L, -1)) {
            lua_settop(L, 4);
            push_module_hook_result(L, 3, 4);
            if (lua_isnil(L, -1)) { lua_settop(L, -2); lua_pushboolean(L, 1); }
        }
        lua_pushvalue(L, 3);
        lua_pushvalue(L, -2);
        lua_rawset(L, lua_upvalueindex(2));
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, -2);
    lua_rawset(L, lua_upvalueindex(2));
    return 1;
}

static const luaL_Reg allowed_libraries[] = {
    {LUA_GNAME, luaopen_base},        {LUA_TABLIBNAME, luaopen_table},
    {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
    {LUA_UTF8LIBNAME, luaopen_utf8},  {LUA_COLIBNAME, luaopen_coroutine},
    {NULL, NULL},
};

// Registry key of the table wrapper -> original, read when the libraries are named.
static char original_functions_key;

void lsx_wrap_field(lua_State *L, int table, const char *name, lua_CFunction wrapper, const char *what) {
    table = lua_absindex(L, table);
    lua_getfield(L, table, name);
    lua_pushlightuserdata(L, (void *)what);
    lua_pushcclosure(L, wrapper, 2);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &original_functions_key);
    lua_pushvalue(L, -2);
    lua_getupvalue(L, -1, 1);  // the original
    lua_rawset(L, -3);
    lua_settop(L, -2);
    lua_setfield(L, table, name);
}

void lsx_replace_field(lua_State *L, int table, const char *name, lua_CFunction f) {
    table = lua_absindex(L, table);
    lua_pushcclosure(L, f, 0);
    lua_setfield(L, table, name);
}

// Lua names a C function in its errors ("bad argument #1 to 'insert'") from the calling line,
// or, when a C function called it (a wrapper calls the original), by looking for it in the
// registry's table of loaded libraries. Each library there but the base one becomes a copy of
// the script's one holding the originals, so the originals name themselves ('table.insert').
// The base library stays the live global table, so host functions registered later name
// themselves too ('advance'); its wrappers raise their argument errors themselves. Nothing else
// reads that table: the sandbox has no `package`, and `require` keeps its own cache.
static void name_library_functions(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    int loaded = lua_gettop(L);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &original_functions_key);
    int originals = lua_gettop(L);
    for (const luaL_Reg *lib = allowed_libraries + 1; lib->func; lib++) {  // [0] is the base library
        lua_getfield(L, loaded, lib->name);
        int library = lua_gettop(L);
        lua_newtable(L);
        for (lua_pushnil(L); lua_next(L, library); lua_settop(L, -2)) {
            lua_pushvalue(L, -2);  // key, value, key
            lua_pushvalue(L, -2);
            if (lua_rawget(L, originals) == LUA_TNIL) {  // not a wrapper: the value itself
                lua_settop(L, -2);
                lua_pushvalue(L, -2);
            }
            lua_rawset(L, library + 1);
        }
        lua_setfield(L, loaded, lib->name);
        lua_settop(L, originals);
    }
    lua_settop(L, loaded - 1);
}

static void push_box_function(lua_State *L, lua_CFunction f, void *box) {
    lsx_push_slot(L, box, &lsx_box_metatable_key);
    lua_pushcclosure(L, f, 1);
}


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
    SB(L)->object_cache = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_newtable(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &original_functions_key);
    lua_newtable(L);  // coroutine -> the turn it was last charged in, weak keys
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &lsx_thread_turns_key);

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
    lsx_wrap_field(L, 1, "load", sandboxed_load, "load");
    lsx_wrap_field(L, 1, "setmetatable", sandboxed_setmetatable, "setmetatable");
    lsx_wrap_catchers(L);
    lsx_guard_libraries(L);
    lsx_install_patterns(L);
    push_box_function(L, routed_print, print_box);
    lua_setfield(L, 1, "print");
    lua_pushcfunction(L, lsx_pairs);
    lua_setfield(L, 1, "pairs");
    lsx_pushfunction(L, require_box);  // the loader: reachable only as require's upvalue
    lua_newtable(L);
    lua_pushcclosure(L, sandboxed_require, 2);
    lua_setfield(L, 1, "require");

    lua_getfield(L, 1, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_settop(L, 1);
    lua_getfield(L, 1, LUA_MATHLIBNAME);
    lua_getfield(L, -1, "randomseed");
    lua_pushinteger(L, LSX_RANDOM_SEED);
    lua_call(L, 1, 0);
    lsx_wrap_field(L, -1, "randomseed", sandboxed_randomseed, "math.randomseed");
    lua_settop(L, 1);
    name_library_functions(L);

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
