// The per-state core of the shim: sandbox struct, capped allocator, count hook, protected calls,
// the trampoline and the 8-byte boxes. See CLuaShim.h for the contract of each public function.
#include "shim_internal.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void note_memory_position(lsx_sandbox *sb);

/* ---- Allocator ------------------------------------------------------------------------------ */

// The bytes the cap covers: Lua's heap plus the host objects charged to the same budget.
static size_t capped_in_use(const lsx_sandbox *sb) {
    size_t host = sb->host_used ? *sb->host_used : 0;
    return sb->used > SIZE_MAX - host ? SIZE_MAX : sb->used + host;
}

// Counts every byte. Growth is refused only when Lua frames are innermost (Lua then raises
// LUA_ERRMEM safely); with Swift innermost a refusal would longjmp over Swift frames, so there a
// real malloc failure aborts instead. Shrinking and freeing never fail. The cap covers the host
// objects charged to the script too (`lsx_set_host_counter`).
static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    lsx_sandbox *sb = ud;
    size_t old = ptr ? osize : 0;  // with ptr == NULL, osize is a type tag, not a size
    if (nsize == 0) {
        free(ptr);
        sb->used = sb->used > old ? sb->used - old : 0;
        return NULL;
    }
    if (nsize > old && sb->in_lua && sb->limit) {
        size_t growth = nsize - old;  // compared without overflow: used + growth > limit
        size_t in_use = capped_in_use(sb);
        if (growth > sb->limit || in_use > sb->limit - growth) {
            note_memory_position(sb);
            return NULL;
        }
    }
    if (nsize > old && sb->in_lua && nsize - old >= LSX_CHARGED_BLOCK) lsx_charge_allocation(sb, nsize - old);
    void *block = realloc(ptr, nsize);
    if (block == NULL) {
        if (nsize <= old) return ptr;  // a failed shrink keeps the larger block
        if (!sb->in_lua) {
            fputs("choreo: out of memory while host code held the Lua state; aborting\n", stderr);
            abort();
        }
        return NULL;
    }
    sb->used = (sb->used > old ? sb->used - old : 0) + nsize;
    return block;
}

// Remembers where the main thread was when an allocation was refused: Lua's memory error carries
// no position and runs no message handler. Reads only the call-info chain (no allocation); a
// coroutine's refusal is reported at the line that resumed it.
static void note_memory_position(lsx_sandbox *sb) {
    lua_Debug ar;
    for (int level = 0; lua_getstack(sb->main, level, &ar); level++) {
        if (lua_getinfo(sb->main, "Sl", &ar) && ar.currentline > 0) {
            snprintf(sb->memory_position, sizeof sb->memory_position, "%s:%d:", ar.short_src, ar.currentline);
            return;
        }
    }
}

lua_State *lsx_newstate(size_t memory_limit, void *host, lsx_dispatch_fn dispatch, lsx_release_fn release) {
    lsx_sandbox *sb = calloc(1, sizeof *sb);
    if (sb == NULL) return NULL;
    lua_State *L = luaL_newstate();  // keeps lauxlib's panic and warning handlers
    if (L == NULL) { free(sb); return NULL; }
    sb->used = (size_t)lua_gc(L, LUA_GCCOUNT) * 1024 + (size_t)lua_gc(L, LUA_GCCOUNTB);
    sb->limit = memory_limit;
    sb->dispatch = dispatch;
    sb->release = release;
    sb->host = host;
    sb->main = L;
    sb->hook_count = 1000;
    lua_setallocf(L, capped_alloc, sb);  // realloc/free, compatible with luaL_newstate's allocator
    SB(L) = sb;
    return L;
}

void lsx_close(lua_State *L) {
    lsx_sandbox *sb = SB(L);
    sb->in_lua = 0;
    lua_close(L);  // runs the boxes' __gc; the allocator still needs sb
    free(sb);
}

void *lsx_host(lua_State *L) { return SB(L)->host; }
void lsx_set_memory_limit(lua_State *L, size_t limit) { SB(L)->limit = limit; }
size_t lsx_memory_limit(lua_State *L) { return SB(L)->limit; }
size_t lsx_memory_in_use(lua_State *L) { return SB(L)->used; }
void lsx_set_host_counter(lua_State *L, const size_t *counter) { SB(L)->host_used = counter; }

// A step of the collector sized for `kilobytes` of host objects: Lua paces itself by its own
// bytes, so without this dropped host objects (8-byte userdata to Lua) wait long to be released.
void lsx_gc_step(lua_State *L, int kilobytes) {
    lsx_sandbox *sb = SB(L);
    int saved = sb->in_lua;
    sb->in_lua = 0;  // host code is innermost: nothing may be refused (finalizers are box releases)
    lua_gc(L, LUA_GCSTEP, kilobytes);
    sb->in_lua = saved;
}
size_t lsx_message_length(lua_State *L) { return SB(L)->message_length; }
const char *lsx_memory_position(lua_State *L) { return SB(L)->memory_position; }

/* ---- Loading and protected calls ----------------------------------------------------------- */

// Pushes "file:line: " of the innermost Lua frame, or "" (non-string errors carry no position).
static void push_innermost_where(lua_State *L) {
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

// Whether a message starts with a position, "chunk:line:" on its first line.
int lsx_has_position(const char *message, size_t length) {
    for (size_t i = 0; i < length && message[i] != '\n'; i++) {
        if (message[i] != ':' || i + 1 >= length || message[i + 1] < '0' || message[i + 1] > '9') continue;
        size_t j = i + 1;
        while (j < length && message[j] >= '0' && message[j] <= '9') j++;
        if (j < length && message[j] == ':') return 1;
    }
    return 0;
}

// The message handler of lsx_pcall: message, newline, traceback, as one string. A message without
// a position (Lua's "C stack overflow", error(x, 0), a non-string error object) gets the innermost
// Lua line's. Non-string errors go through __tostring, still under the memory cap and the budget:
// that is script code. Lua does not call handlers for memory errors.
static int message_handler(lua_State *L) {
    lsx_sandbox *sb = SB(L);
    if (lua_type(L, 1) != LUA_TSTRING) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
            // the string is on top
        } else if (lua_type(L, 1) == LUA_TNUMBER) {
            lua_pushvalue(L, 1);
            lua_tolstring(L, -1, NULL);  // converts the copy in place
        } else {
            lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        }
        lua_replace(L, 1);
        lua_settop(L, 1);
    }
    size_t length;
    const char *message = lua_tolstring(L, 1, &length);
    if (!lsx_has_position(message, length)) {
        push_innermost_where(L);
        lua_pushvalue(L, 1);
        lua_concat(L, 2);
        lua_replace(L, 1);
        message = lua_tolstring(L, 1, &length);
    }
    int saved = sb->in_lua;
    sb->in_lua = 0;  // a bounded allocation: the traceback is produced even at the cap
    luaL_traceback(L, L, message, 1);
    sb->in_lua = saved;
    sb->message_length = length;
    sb->handled_length = lua_rawlen(L, -1);
    return 1;
}

// The parser's reader, one line at a time: when the parser runs out of memory (Lua's memory
// error carries no position), the line it was reading is the last one handed out.
typedef struct line_reader {
    const char *text;
    size_t length, offset;
    int line;  // lines handed out so far
} line_reader;

static const char *read_line(lua_State *L, void *data, size_t *size) {
    (void)L;
    line_reader *reader = data;
    if (reader->offset >= reader->length) {
        *size = 0;
        return NULL;
    }
    const char *start = reader->text + reader->offset;
    const char *newline = memchr(start, '\n', reader->length - reader->offset);
    *size = newline ? (size_t)(newline - start) + 1 : reader->length - reader->offset;
    reader->offset += *size;
    reader->line++;
    return start;
}

// A syntax error quotes the token it stopped at: a 5 MB string literal would be quoted whole.
// Messages longer than this keep their start (with `file:line:`) and say how much was cut.
#define LSX_SYNTAX_MESSAGE_MAX 400

static void shorten_message(lua_State *L) {
    size_t length;
    const char *message = lua_tolstring(L, -1, &length);
    if (message == NULL || length <= LSX_SYNTAX_MESSAGE_MAX) return;
    lua_pushfstring(L, "... (%d more bytes)", (int)(length - LSX_SYNTAX_MESSAGE_MAX));
    lua_pushlstring(L, message, LSX_SYNTAX_MESSAGE_MAX);
    lua_rotate(L, -2, 1);
    lua_concat(L, 2);
    lua_replace(L, -2);
}

int lsx_load(lua_State *L, const char *text, size_t length, const char *chunkname) {
    lsx_sandbox *sb = SB(L);
    int saved = sb->in_lua;
    sb->in_lua = 1;  // the parser runs protected, so a refusal is a status, not a longjmp
    sb->memory_position[0] = '\0';
    line_reader reader = {text, length, 0, 0};
    int status = lua_load(L, read_line, &reader, chunkname, "t");
    sb->in_lua = saved;
    if (status == LUA_OK) return LSX_OK;
    if (status == LUA_ERRMEM) {
        const char *name = chunkname[0] == '@' || chunkname[0] == '=' ? chunkname + 1 : chunkname;
        snprintf(sb->memory_position, sizeof sb->memory_position, "%.*s:%d:", LUA_IDSIZE, name,
            reader.line > 0 ? reader.line : 1);
        return LSX_MEMORY;
    }
    shorten_message(L);  // host mode: these allocations are small and never refused
    return LSX_SYNTAX;
}

// What a protected call's status means, once the handler is off the stack or below the results.
static int call_status(lua_State *L, lsx_sandbox *sb, int status) {
    if (status == LUA_OK && sb->killed) {
        // a catcher the shim does not know swallowed the kill: the call still failed
        lua_pushstring(L, sb->kill_message);
        sb->message_length = lua_rawlen(L, -1);
        return LSX_INSTRUCTIONS;
    }
    if (status == LUA_OK) return LSX_OK;
    // the handler's string, unless the error came from elsewhere (LUA_ERRERR, a __close handler)
    if (lua_type(L, -1) != LUA_TSTRING || lua_rawlen(L, -1) != sb->handled_length)
        sb->message_length = lua_type(L, -1) == LUA_TSTRING ? lua_rawlen(L, -1) : 0;
    if (sb->killed) return LSX_INSTRUCTIONS;
    return status == LUA_ERRMEM ? LSX_MEMORY : LSX_RUNTIME;
}

// A call made after the kill (a host function that caught it and called Lua again) fails at
// once: the function and its arguments are replaced by the kill's message.
static int refuse_killed(lua_State *L, lsx_sandbox *sb, int function) {
    lua_settop(L, function - 1);
    lua_pushstring(L, sb->kill_message);
    sb->message_length = lua_rawlen(L, -1);
    return LSX_INSTRUCTIONS;
}

int lsx_pcall(lua_State *L, int nargs, int nresults) {
    lsx_sandbox *sb = SB(L);
    int handler = lua_gettop(L) - nargs;  // where the function is now
    if (sb->killed) return refuse_killed(L, sb, handler);
    lua_pushcclosure(L, message_handler, 0);
    lua_rotate(L, handler, 1);  // the handler goes below the function
    int saved = sb->in_lua;
    sb->in_lua = 1;
    sb->memory_position[0] = '\0';
    int status = lua_pcall(L, nargs, nresults, handler);
    sb->in_lua = saved;
    lua_rotate(L, handler, -1);  // remove the handler, keep results or error
    lua_settop(L, -2);
    return call_status(L, sb, status);
}

void lsx_pushmessagehandler(lua_State *L) { lua_pushcclosure(L, message_handler, 0); }

int lsx_pcall_handled(lua_State *L, int nargs, int nresults) {
    lsx_sandbox *sb = SB(L);
    int handler = lua_gettop(L) - nargs - 1;  // just below the function
    if (sb->killed) return refuse_killed(L, sb, handler + 1);
    int saved = sb->in_lua;
    sb->in_lua = 1;
    sb->memory_position[0] = '\0';
    int status = lua_pcall(L, nargs, nresults, handler);
    sb->in_lua = saved;
    return call_status(L, sb, status);
}

static int full_gc(lua_State *L) {
    lua_gc(L, LUA_GCCOLLECT);
    return 0;
}

int lsx_fullgc(lua_State *L) {
    lua_pushcclosure(L, full_gc, 0);
    return lua_pcall(L, 0, 0, 0);
}
