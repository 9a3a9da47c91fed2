// The instruction budget: a count hook with a sticky kill, charges for work done in C and for
// large allocations, and the turn's time limit. See lua-embedding.md §4 and docs/lua-api.md.
#include "shim_internal.h"
#include <stdio.h>
#include <time.h>

static void count_hook(lua_State *L, lua_Debug *ar);

// A large block costs instructions: one per LSX_BYTES_PER_INSTRUCTION bytes. One VM instruction
// can copy a 100 MB string (`s .. "x"`) or build a table of a million values, work the count
// hook never sees; its allocation is what shows it. The allocator cannot raise, so when this
// empties the budget it makes the main thread's next instruction call the hook, which kills
// (a coroutine's next hook call does, within the hook interval). Small blocks are the ordinary
// cost of the instructions that make them and are not charged.
void lsx_charge_allocation(lsx_sandbox *sb, size_t growth) {
    if (sb->killed) return;
    long long cost = (long long)(growth / LSX_BYTES_PER_INSTRUCTION);
    if (cost < sb->budget) {
        sb->budget -= cost;
        return;
    }
    sb->budget = 0;
    lua_sethook(sb->main, count_hook, LUA_MASKCOUNT, 1);
}

char lsx_thread_turns_key;

// Raises the stored kill message. Pushing it is a bounded allocation made with the cap off, so
// the kill is never turned into a memory error.
static int raise_kill(lua_State *L) {
    lsx_sandbox *sb = SB(L);
    if (!lua_checkstack(L, 1)) lua_settop(L, -2);  // a full stack: drop a value, the error unwinds anyway
    int saved = sb->in_lua;
    sb->in_lua = 0;
    lua_pushstring(L, sb->kill_message);
    sb->in_lua = saved;
    return lua_error(L);
}

// Nanoseconds of the monotonic clock (a vDSO call: cheap enough for every hook call).
static long long monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

// Fires the kill: records the message (`where` + `what` + `problem`), makes it sticky on this
// thread and on the main one (count 1: the next instruction raises again), and raises it.
static int fire_kill(lua_State *L, int level, const char *what, const char *problem) {
    lsx_sandbox *sb = SB(L);
    sb->killed = 1;
    sb->budget = 0;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
    if (L != sb->main) lua_sethook(sb->main, count_hook, LUA_MASKCOUNT, 1);
    lua_Debug ar;
    char where[LUA_IDSIZE + 24] = "";
    if (lua_getstack(L, level, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0)
        snprintf(where, sizeof where, "%s:%d: ", ar.short_src, ar.currentline);
    snprintf(sb->kill_message, sizeof sb->kill_message, "%s%s%s%s", where, what ? what : "", what ? ": " : "", problem);
    return raise_kill(L);
}

// Whether the turn is past its time limit. The clock starts at the turn's first hook call, not
// at lsx_arm: short turns (a timing curve evaluated each frame) never read it.
static int hook_past_deadline(lsx_sandbox *sb) {
    long long now = monotonic_ns();
    if (sb->deadline_ns == 0) {
        sb->deadline_ns = now + (long long)(sb->time_limit * 1e9);
        return 0;
    }
    return now > sb->deadline_ns;
}

void lsx_set_time_limit(lua_State *L, double seconds) { SB(L)->time_limit = seconds > 0 ? seconds : 0; }

// Runs every `hook_count` VM instructions. Once the budget is gone the kill is sticky: the hook
// re-installs itself with count 1 and raises again at the next instruction, and every catcher
// (pcall, xpcall, coroutine.resume, coroutine.wrap, coroutine.close, load, host functions)
// raises it again, so nothing in Lua can swallow it. Level 0 inside a hook is the interrupted
// function: `file:line:`. The hook also ends a turn that outlives its time limit: the backstop
// for work no count sees (one call of a vararg function with a million arguments copies them
// all in one instruction); no script that stays within its budget comes near it.
static void count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    lsx_sandbox *sb = SB(L);
    if (sb->killed) {
        lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
        raise_kill(L);
        return;
    }
    sb->budget -= lua_gethookcount(L);
    if (sb->budget <= 0) {
        fire_kill(L, 0, NULL, "instruction limit exceeded");
        return;
    }
    if (sb->time_limit > 0 && hook_past_deadline(sb)) {
        char problem[96];
        snprintf(problem, sizeof problem, "time limit exceeded (%g s in one turn)", sb->time_limit);
        fire_kill(L, 0, NULL, problem);
        return;
    }
    // a coroutine killed in an earlier turn still has count 1: restore the cheap count
    if (lua_gethookcount(L) != sb->hook_count) lua_sethook(L, count_hook, LUA_MASKCOUNT, sb->hook_count);
}

void lsx_charge_host(lua_State *L, long long instructions) {
    lsx_sandbox *sb = SB(L);
    if (!sb->killed && instructions > 0) sb->budget -= instructions;
}

void lsx_charge(lua_State *L, long long cost, const char *what) {
    lsx_sandbox *sb = SB(L);
    if (sb->killed) raise_kill(L);
    if (cost <= 0) return;
    if (cost < sb->budget) {
        sb->budget -= cost;
        return;
    }
    fire_kill(L, 1, what, "instruction limit exceeded");  // level 1: the Lua line that called the C function
}

int lsx_raise_kill(lua_State *L) { return raise_kill(L); }

void lsx_charge_thread(lua_State *L, int index, const char *what) {
    lsx_sandbox *sb = SB(L);
    lua_State *co = lua_tothread(L, index);
    if (co == NULL) return;  // the library reports the bad argument
    index = lua_absindex(L, index);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &lsx_thread_turns_key);
    lua_pushvalue(L, index);
    lua_rawget(L, -2);
    int is_integer = 0;
    lua_Integer turn = lua_tointegerx(L, -1, &is_integer);
    lua_settop(L, -2);
    if (!is_integer || turn != sb->turn) {
        lua_pushvalue(L, index);
        lua_pushinteger(L, sb->turn);
        lua_rawset(L, -3);
        if (!sb->killed) lua_sethook(co, count_hook, LUA_MASKCOUNT, sb->hook_count);
        lsx_charge(L, sb->hook_count, what);
    }
    lua_settop(L, -2);
}

void lsx_arm(lua_State *L, long long instructions) {
    lsx_sandbox *sb = SB(L);
    sb->budget = instructions;
    sb->killed = 0;
    sb->turn++;
    sb->kill_message[0] = '\0';
    sb->hook_count = instructions < 1000 ? (instructions < 1 ? 1 : (int)instructions) : 1000;
    sb->deadline_ns = 0;  // set by the turn's first hook call
    lua_sethook(sb->main, count_hook, LUA_MASKCOUNT, sb->hook_count);  // coroutines: lsx_charge_thread
}

