// Library functions whose work is done in C, where the count hook never looks, charged against
// the instruction budget (lsx_charge) so that a loop of cheap-looking calls cannot run for hours:
// one instruction per element a table function visits, per value a function takes or returns,
// and per 64 bytes a string function reads. A table's `__len` can claim 2^40 elements and
// `__index` can be a C function, so the table functions are charged for their whole range up
// front. What a function builds is charged by the allocator (state.c: one instruction per 64
// bytes of every large block), and pattern matching step by step (pattern_match.c).
#include "shim_internal.h"

#define LSX_MOVE_LIMIT (1LL << 24)  // elements one table.insert/remove/move may shift
#define LSX_COPIES_PER_INSTRUCTION 16  // string.rep's copies of its string

// The name of the wrapped function ("table.concat"), upvalue 2 of every guard.
#define WHAT(L) ((const char *)lua_touserdata(L, lua_upvalueindex(2)))

// The elements first..last span, 0 when empty (no overflow for any pair of integers).
static long long span(lua_Integer first, lua_Integer last) {
    if (last < first) return 0;
    lua_Unsigned n = (lua_Unsigned)last - (lua_Unsigned)first;
    return n >= (lua_Unsigned)LLONG_MAX ? LLONG_MAX : (long long)n + 1;
}

// An integer argument, or `fallback` when absent (a wrong type is left for the original to report).
static lua_Integer integer_at(lua_State *L, int index, lua_Integer fallback) {
    int is_integer = 0;
    lua_Integer value = lua_tointegerx(L, index, &is_integer);
    return is_integer ? value : fallback;
}

// #t (its __len included) when argument 1 is a table, else 0.
static lua_Integer length_of_table(lua_State *L) {
    return lua_type(L, 1) == LUA_TTABLE ? luaL_len(L, 1) : 0;
}

/* ---- Table functions ------------------------------------------------------------------------ */

// table.insert/remove shift every element up to #t, and table.move copies f..e: bounded, and charged.
static void charge_shift(lua_State *L, lua_Integer first, lua_Integer last) {
    long long n = span(first, last);
    if (n > LSX_MOVE_LIMIT)
        luaL_error(L, "%s: too many elements to shift (at most %d)", WHAT(L), (int)LSX_MOVE_LIMIT);
    lsx_charge(L, n, WHAT(L));
}

static int guarded_move(lua_State *L) {
    charge_shift(L, luaL_checkinteger(L, 2), luaL_checkinteger(L, 3));
    return lsx_call_original(L);
}

static int guarded_insert(lua_State *L) {
    if (lua_gettop(L) == 3) charge_shift(L, luaL_checkinteger(L, 2), luaL_len(L, 1) + 1);
    return lsx_call_original(L);
}

static int guarded_remove(lua_State *L) {
    lua_Integer size = luaL_len(L, 1);
    charge_shift(L, luaL_optinteger(L, 2, size), size);
    return lsx_call_original(L);
}

// table.concat(t, sep, i, j) and table.unpack(t, i, j): one instruction per element of i..j.
static int guarded_concat(lua_State *L) {
    lua_Integer first = integer_at(L, 3, 1);
    lua_Integer last = lua_isnoneornil(L, 4) ? length_of_table(L) : integer_at(L, 4, 0);
    lsx_charge(L, span(first, last), WHAT(L));
    return lsx_call_original(L);
}

static int guarded_unpack(lua_State *L) {
    lua_Integer first = integer_at(L, 2, 1);
    lua_Integer last = lua_isnoneornil(L, 3) ? length_of_table(L) : integer_at(L, 3, 0);
    long long n = span(first, last);
    if (n <= 1000000) lsx_charge(L, n, WHAT(L));  // more is refused by Lua: "too many results"
    return lsx_call_original(L);
}

// table.sort: n log2 n comparisons at most (Lua refuses n >= 2^31 itself).
static int guarded_sort(lua_State *L) {
    lua_Integer n = length_of_table(L);
    if (n > 1 && n < INT_MAX) {
        long long log2n = 1;
        while ((1LL << log2n) < n) log2n++;
        lsx_charge(L, (long long)n * log2n, WHAT(L));
    }
    return lsx_call_original(L);
}

/* ---- String and utf8 functions -------------------------------------------------------------- */

// string.rep(s, n [, sep]): with s and sep empty, Lua 5.4.4 loops n times without allocating,
// so neither the memory cap nor the count hook would stop string.rep("", math.maxinteger).
// Otherwise the result exists only if it fit in memory; then n copies were made (the bytes are
// charged by the allocator).
static int guarded_rep(lua_State *L) {
    int is_integer = 0;
    lua_Integer n = lua_tointegerx(L, 2, &is_integer);  // what luaL_checkinteger accepts, without raising
    int empty_separator = lua_isnoneornil(L, 3) || (lua_type(L, 3) == LUA_TSTRING && lua_rawlen(L, 3) == 0);
    if (lua_type(L, 1) == LUA_TSTRING && lua_rawlen(L, 1) == 0 && empty_separator && is_integer) {
        lua_pushliteral(L, "");
        return 1;
    }
    lsx_call_original(L);
    lsx_charge(L, n > 0 ? n / LSX_COPIES_PER_INSTRUCTION : 0, WHAT(L));
    return 1;
}

// string.format, upper, lower, reverse, sub, char, pack, utf8.char...: one instruction per
// argument, and (by the allocator) per 64 bytes they build; the check after the call names them
// when what they built emptied the budget.
static int charged_output(lua_State *L) {
    long long arguments = lua_gettop(L);
    int results = lsx_call_original(L);
    lsx_charge(L, arguments, WHAT(L));
    return results;
}

// string.byte, utf8.codepoint, string.unpack: one instruction per value returned.
static int charged_results(lua_State *L) {
    int results = lsx_call_original(L);
    lsx_charge(L, results, WHAT(L));
    return results;
}

// utf8.len, utf8.offset: they read their whole string argument.
static int charged_input(lua_State *L) {
    long long bytes = lua_type(L, 1) == LUA_TSTRING ? (long long)lua_rawlen(L, 1) : 0;
    lsx_charge(L, bytes / LSX_BYTES_PER_INSTRUCTION, WHAT(L));
    return lsx_call_original(L);
}

// tonumber(s [, base]) reads its whole string. Its argument errors are raised here, by the
// function the script called, so that they name it ('tonumber'): base functions are named
// through the live global table, where the original no longer is.
static int charged_tonumber(lua_State *L) {
    if (lua_isnoneornil(L, 2)) {
        luaL_checkany(L, 1);
    } else {
        lua_Integer base = luaL_checkinteger(L, 2);
        luaL_checktype(L, 1, LUA_TSTRING);
        luaL_argcheck(L, 2 <= base && base <= 36, 2, "base out of range");
    }
    return charged_input(L);
}

// select(n, ...): the VM copied every argument for the call (a 1-million-value vararg is one
// instruction); one instruction per argument. Argument errors are raised here (see tonumber).
static int charged_select(lua_State *L) {
    int n = lua_gettop(L);
    if (!(lua_type(L, 1) == LUA_TSTRING && *lua_tostring(L, 1) == '#')) {
        lua_Integer i = luaL_checkinteger(L, 1);
        luaL_argcheck(L, i > 0 || (i < 0 && -i < n), 1, "index out of range");
    }
    lsx_charge(L, n, WHAT(L));
    return lsx_call_original(L);
}

typedef struct guard {
    const char *library;  // NULL: a global function
    const char *name;
    const char *what;     // how errors name it
    lua_CFunction wrapper;
} guard;

static const guard guards[] = {
    {LUA_TABLIBNAME, "move", "table.move", guarded_move},
    {LUA_TABLIBNAME, "insert", "table.insert", guarded_insert},
    {LUA_TABLIBNAME, "remove", "table.remove", guarded_remove},
    {LUA_TABLIBNAME, "concat", "table.concat", guarded_concat},
    {LUA_TABLIBNAME, "unpack", "table.unpack", guarded_unpack},
    {LUA_TABLIBNAME, "sort", "table.sort", guarded_sort},
    {LUA_STRLIBNAME, "rep", "string.rep", guarded_rep},
    {LUA_STRLIBNAME, "format", "string.format", charged_output},
    {LUA_STRLIBNAME, "upper", "string.upper", charged_output},
    {LUA_STRLIBNAME, "lower", "string.lower", charged_output},
    {LUA_STRLIBNAME, "reverse", "string.reverse", charged_output},
    {LUA_STRLIBNAME, "sub", "string.sub", charged_output},
    {LUA_STRLIBNAME, "char", "string.char", charged_output},
    {LUA_STRLIBNAME, "pack", "string.pack", charged_output},
    {LUA_STRLIBNAME, "byte", "string.byte", charged_results},
    {LUA_STRLIBNAME, "unpack", "string.unpack", charged_results},
    {LUA_UTF8LIBNAME, "char", "utf8.char", charged_output},
    {LUA_UTF8LIBNAME, "codepoint", "utf8.codepoint", charged_results},
    {LUA_UTF8LIBNAME, "len", "utf8.len", charged_input},
    {LUA_UTF8LIBNAME, "offset", "utf8.offset", charged_input},
    {NULL, "tonumber", "tonumber", charged_tonumber},
    {NULL, "select", "select", charged_select},
    {NULL, NULL, NULL, NULL},
};

void lsx_guard_libraries(lua_State *L) {
    int globals = lua_gettop(L);  // the global table is on top
    for (const guard *g = guards; g->name; g++) {
        if (g->library) lua_getfield(L, globals, g->library);
        else lua_pushvalue(L, globals);
        lsx_wrap_field(L, lua_gettop(L), g->name, g->wrapper, g->what);
        lua_settop(L, globals);
    }
}
